"""The hostile set of issue 36: 60 saves, each three years of a player's progress with one bad
record of a different kind (``tests/hostile_saves.py``). Loads each and prints how many records
were kept, set aside and set to their default, whether the earned counts are unchanged, and the
load time (median) of a damaged save against the sound one.

    python bench/bench_hostile_saves.py
"""

from __future__ import annotations

import datetime
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desert_pyramid.storage import SaveStore  # noqa: E402
from desert_pyramid.storage.documents import is_unplaced  # noqa: E402
from tests.hostile_saves import DAMAGES, player_files  # noqa: E402
from tests.test_storage_records import earned, records, unchanged, write  # noqa: E402

NOW = datetime.datetime(2026, 1, 5, 12, 0, 0)


def load(folder: Path, readonly: bool = True) -> tuple[SaveStore, float]:
    start = time.perf_counter()
    store = SaveStore.open(folder, durable=False, clock=lambda: NOW, readonly=readonly)
    return store, time.perf_counter() - start


def main() -> int:
    root = Path(tempfile.mkdtemp(prefix="hostile-"))
    write(root / "sound", *player_files())
    sound, _ = load(root / "sound")
    count, figures = records(sound), earned(sound)
    sound_times = [load(root / "sound")[1] for _ in range(9)]
    kept = rejected = repaired = held = moved = moved_wins = 0
    damaged_times = []
    for number, damage in enumerate(DAMAGES):
        save, profile = player_files()
        damage.edit(save if damage.file == "save.toml" else profile)
        folder = root / f"{number:02d}"
        write(folder, save, profile)
        damaged_times.append(load(folder)[1])
        store, _ = load(folder, readonly=False)
        found = store.rejected.get(damage.file, [])
        kept += records(store)
        rejected += sum(not r.repaired for r in found)
        repaired += sum(r.repaired for r in found)
        same = unchanged(store, figures, damage) and records(store) == count - damage.destroyed()
        held += same
        others = [s for k, s in store.progress.stats.items() if is_unplaced(k)]
        moved += len(others)
        moved_wins += sum(s.won for s in others)
        if not same:
            print(f"  CHANGED: {damage.name}")
    print(f"the sound profile: {count:,} records, {figures['pyramids cleared']} pyramids cleared")
    print(
        f"{len(DAMAGES)} hostile saves: {kept:,} sound records kept, {rejected} records set aside, "
        f"{repaired} fields set to their default; earned counts unchanged in {held} of "
        f"{len(DAMAGES)}"
    )
    print(
        f"statistics keys whose mode, layout or rules were damaged: {moved} kept under other / "
        f"layout 0, with {moved_wins:,} wins"
    )
    print(
        f"load (read-only) median: sound {1000 * statistics.median(sound_times):.1f} ms, "
        f"with one bad record {1000 * statistics.median(damaged_times):.1f} ms"
    )
    return 0 if held == len(DAMAGES) else 1


if __name__ == "__main__":
    raise SystemExit(main())
