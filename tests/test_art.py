"""The game's own art: relic icons and card backs in resources/images, their data files, and the
tool that draws them (tools/artgen.py)."""

from __future__ import annotations

import importlib.util
import itertools
import tomllib
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from .helpers import load_tool

artgen = load_tool("artgen")


IMAGES = Path(__file__).resolve().parent.parent / "resources" / "images"

# The relics of the progression catalogue and the pyramids cleared that unlock them.
RELICS = {
    "brass_compass": ("Brass Compass", 1),
    "clay_jar": ("Clay Jar", 2),
    "falcon_feather": ("Falcon Feather", 4),
    "old_key": ("Old Key", 6),
    "camel_bell": ("Camel Bell", 9),
    "hourglass": ("Hourglass", 12),
    "bloom_cactus": ("Bloom Cactus", 16),
    "star_map": ("Star Map", 20),
    "glass_scorpion": ("Glass Scorpion", 25),
    "moon_charm": ("Moon Charm", 30),
    "oasis_gem": ("Oasis Gem", 40),
    "sun_crown": ("Sun Crown", 50),
}
# Card backs: the default and one per milestone, with the unlock rule each stands for.
BACKS = {
    "sandstone": ("default", None),
    "no_redeal": ("no_redeal", None),
    "trek_3": ("trek", 3),
    "trek_5": ("trek", 5),
    "trek_8": ("trek", 8),
    "chain_8": ("chain", 8),
    "clears_10": ("clears", 10),
    "clears_25": ("clears", 25),
    "clears_50": ("clears", 50),
}
MARGIN = 6  # pixels of clear space a relic keeps from the edge of its square


def load(kind: str, ident: str) -> Image.Image:
    with Image.open(IMAGES / kind / f"{ident}.png") as im:
        im.load()
        loaded: Image.Image = im
        return loaded


def toml(kind: str) -> dict[str, object]:
    return tomllib.loads((IMAGES / kind / f"{kind}.toml").read_text(encoding="utf-8"))


# -- data files ---------------------------------------------------------------------------------


def test_relics_toml_lists_exactly_the_relics_in_unlock_order() -> None:
    data = toml("relics")
    assert data["schema"] == 1
    entries = data["relic"]
    assert isinstance(entries, list)
    assert [e["id"] for e in entries] == list(RELICS)
    for e in entries:
        name, threshold = RELICS[e["id"]]
        assert e["name"] == name
        assert e["threshold"] == threshold
        flavour = e["flavour"]
        assert isinstance(flavour, str) and flavour.strip() == flavour
        assert 10 <= len(flavour) <= 80 and "\n" not in flavour, e["id"]


def test_backs_toml_lists_exactly_the_backs_with_their_milestones() -> None:
    data = toml("backs")
    assert data["schema"] == 1
    entries = data["back"]
    assert isinstance(entries, list)
    assert [e["id"] for e in entries] == list(BACKS)
    names = [e["name"] for e in entries]
    assert len(set(names)) == len(names) and all(isinstance(n, str) and n for n in names)
    for e in entries:
        unlock, count = BACKS[e["id"]]
        assert e["unlock"] == unlock
        assert e.get("count") == count
        milestone = e["milestone"]
        assert isinstance(milestone, str) and milestone and "\n" not in milestone
        if count is not None:
            assert str(count) in milestone, (e["id"], milestone)
    by_id = {e["id"]: e for e in entries}
    assert by_id["no_redeal"]["milestone"] == "Clear a pyramid without a redeal"
    assert "single trek" in by_id["trek_3"]["milestone"]
    assert "chain" in by_id["chain_8"]["milestone"]


def test_every_listed_id_has_a_drawing_and_every_drawing_is_listed() -> None:
    relics, backs = artgen.catalog(IMAGES)
    assert relics == list(RELICS) and sorted(artgen.RELIC_DRAWERS) == sorted(RELICS)
    assert backs == list(BACKS) and sorted(artgen.BACK_DRAWERS) == sorted(BACKS)


def test_no_stray_pictures_in_the_folders() -> None:
    assert sorted(p.stem for p in (IMAGES / "relics").glob("*.png")) == sorted(RELICS)
    assert sorted(p.stem for p in (IMAGES / "backs").glob("*.png")) == sorted(BACKS)


# -- relic pictures -----------------------------------------------------------------------------


@pytest.mark.parametrize("ident", list(RELICS))
def test_relic_picture_is_a_clean_shape_clear_of_the_border(ident: str) -> None:
    im = load("relics", ident)
    assert im.size == (256, 256) and im.mode == "RGBA"
    alpha = im.getchannel("A")
    hist = alpha.histogram()
    area = 256 * 256
    opaque = hist[255]
    shape = area - hist[0]
    assert opaque >= 0.12 * area, f"{ident}: the shape is too small ({opaque} opaque pixels)"
    assert shape <= 0.7 * area, f"{ident}: the shape fills the square; background not transparent?"
    # A silhouette is made from the alpha channel: only anti-aliased edges may be see-through.
    assert (shape - opaque) <= 0.2 * shape, f"{ident}: too much half-transparent alpha"
    box = alpha.getbbox()
    assert box is not None
    assert min(box[0], box[1], 256 - box[2], 256 - box[3]) >= MARGIN, (
        f"{ident}: touches the border {box}"
    )
    # centred in its square (to a few pixels)
    assert abs((box[0] + box[2]) - 256) <= 4 and abs((box[1] + box[3]) - 256) <= 4, box


def test_relic_silhouettes_tell_the_relics_apart() -> None:
    masks = {
        i: load("relics", i).getchannel("A").point(lambda v: 255 if v >= 128 else 0) for i in RELICS
    }
    for a, b in itertools.combinations(RELICS, 2):
        both = ImageChops.darker(masks[a], masks[b]).histogram()[255]
        either = ImageChops.lighter(masks[a], masks[b]).histogram()[255]
        assert both / either < 0.85, f"{a} and {b} have nearly the same silhouette"


@pytest.mark.parametrize("ident", list(RELICS))
def test_relic_is_drawn_not_flat(ident: str) -> None:
    """Outlines, shading and highlights: an opaque icon uses many colours, dark and light."""
    im = load("relics", ident)
    raw = im.tobytes()
    pixels = [tuple(raw[i : i + 3]) for i in range(0, len(raw), 4) if raw[i + 3] == 255]
    lum = sorted(0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2] for p in pixels)
    assert lum[len(lum) // 50] < 70, f"{ident}: no dark outline"
    assert lum[-len(lum) // 100] > 180, f"{ident}: no highlight"
    assert len(set(pixels)) > 500, f"{ident}: too few colours for shading"


# -- card backs ---------------------------------------------------------------------------------


def test_backs_are_the_size_of_arcade_card_images() -> None:
    spec = importlib.util.find_spec("arcade")  # found without importing it (no window needed)
    assert spec is not None and spec.origin is not None
    cards = Path(spec.origin).parent / "resources" / "assets" / "images" / "cards"
    with Image.open(cards / "cardBack_red1.png") as ref:
        assert ref.size == artgen.BACK_SIZE == (140, 190)


@pytest.mark.parametrize("ident", list(BACKS))
def test_back_picture_is_a_card(ident: str) -> None:
    im = load("backs", ident)
    assert im.size == (140, 190) and im.mode == "RGBA"
    w, h = im.size
    alpha = im.getchannel("A")
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (1, 1), (w - 2, h - 2)):
        assert alpha.getpixel((x, y)) == 0, f"{ident}: corner ({x}, {y}) is not transparent"
    # everything away from the rounded corners is opaque
    inner = alpha.crop((8, 0, w - 8, h)), alpha.crop((0, 8, w, h - 8))
    for part in inner:
        assert part.getextrema() == (255, 255), f"{ident}: see-through inside the card"
    # a light cream border all round, like a real card back
    rgb = im.convert("RGB")
    for x, y in (
        (3, h // 2),
        (w - 4, h // 2),
        (w // 2, 3),
        (w // 2, h - 4),
        (4, 30),
        (w - 5, h - 30),
    ):
        r, g, b = rgb.getpixel((x, y))  # type: ignore[misc]
        assert min(r, g, b) >= 215, f"{ident}: border at ({x}, {y}) is not cream: {(r, g, b)}"


def test_backs_have_distinct_colours() -> None:
    means: dict[str, tuple[float, ...]] = {}
    for ident in BACKS:
        panel = (
            load("backs", ident)
            .convert("RGB")
            .crop((10, 10, 130, 180))
            .resize((1, 1), Image.Resampling.BOX)
        )
        means[ident] = tuple(float(v) for v in panel.getpixel((0, 0)))  # type: ignore[union-attr]
    for a, b in itertools.combinations(BACKS, 2):
        dist = sum((x - y) ** 2 for x, y in zip(means[a], means[b], strict=True)) ** 0.5
        assert dist >= 25, f"{a} and {b} look alike (mean colours {means[a]} and {means[b]})"


# -- the tool -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_artgen_redraws_the_committed_pictures_pixel_for_pixel(tmp_path: Path) -> None:
    written = artgen.generate(tmp_path, data=IMAGES)
    assert len(written) == len(RELICS) + len(BACKS)
    for path in written:
        kind = path.parent.name
        committed = load(kind, path.stem)
        with Image.open(path) as fresh:
            assert fresh.size == committed.size and fresh.mode == committed.mode
            diff = ImageChops.difference(fresh, committed).getbbox(alpha_only=False)
        assert diff is None, (
            f"{kind}/{path.name} differs from the committed picture in {diff}: "
            "redraw with `python -m desert_pyramid.artgen` and look at the result"
        )


def test_artgen_is_deterministic_within_a_run() -> None:
    first = artgen.render_relic("old_key").tobytes(), artgen.render_back("trek_5").tobytes()
    again = artgen.render_relic("old_key").tobytes(), artgen.render_back("trek_5").tobytes()
    assert first == again


def test_artgen_command_draws_only_what_is_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sheet.png"
    rc = artgen.main(
        ["--out", str(tmp_path), "--only", "clay_jar", "--only", "trek_3", "--sheet", str(sheet)]
    )
    assert rc == 0
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.png"))
    assert files == ["backs/trek_3.png", "relics/clay_jar.png", "sheet.png"]
    assert "wrote 2 picture(s)" in capsys.readouterr().out
    with Image.open(sheet) as im:
        assert im.width > 1000 and im.height > 500


def test_artgen_rejects_an_unknown_id(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        artgen.main(["--only", "golden_camel"])
    assert exc.value.code == 2
    assert "golden_camel" in capsys.readouterr().err


def _data_dir(tmp_path: Path, relics_text: str) -> Path:
    (tmp_path / "relics").mkdir()
    (tmp_path / "backs").mkdir()
    (tmp_path / "relics" / "relics.toml").write_text(relics_text, encoding="utf-8")
    (tmp_path / "backs" / "backs.toml").write_bytes((IMAGES / "backs" / "backs.toml").read_bytes())
    return tmp_path


def test_catalog_says_which_id_has_no_drawing(tmp_path: Path) -> None:
    text = (IMAGES / "relics" / "relics.toml").read_text(encoding="utf-8")
    data = _data_dir(
        tmp_path, text + '\n[[relic]]\nid = "silver_lamp"\nname = "Silver Lamp"\nthreshold = 60\n'
    )
    with pytest.raises(artgen.ArtError, match="silver_lamp"):
        artgen.catalog(data)


def test_catalog_says_which_drawing_is_not_listed(tmp_path: Path) -> None:
    text = (IMAGES / "relics" / "relics.toml").read_text(encoding="utf-8")
    text = text.replace('id = "oasis_gem"', 'id = "oasis_gem_typo"')
    with pytest.raises(artgen.ArtError, match="oasis_gem"):
        artgen.catalog(_data_dir(tmp_path, text))


def test_catalog_reports_a_broken_data_file_with_its_path(tmp_path: Path) -> None:
    data = _data_dir(tmp_path, "[[relic]\nid = ")
    with pytest.raises(artgen.ArtError, match=r"relics\.toml: not valid TOML"):
        artgen.catalog(data)
