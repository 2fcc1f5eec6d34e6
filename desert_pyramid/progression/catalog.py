"""The fixed catalogue of progression rewards: the 12 relics and the card backs.

Relics unlock by pyramids cleared in total (every mode counts). Card backs unlock by milestones;
``default`` is always owned. Ids are stable: they are what the save files store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

BackRule = Literal["default", "no_redeal", "trek", "chain", "clears"]


@dataclass(frozen=True, slots=True)
class Relic:
    id: str
    name: str
    threshold: int  # pyramids cleared in total

    def how_to_earn(self) -> str:
        word = "pyramid" if self.threshold == 1 else "pyramids"
        return f"Clear {self.threshold} {word} in all."


@dataclass(frozen=True, slots=True)
class CardBack:
    id: str
    name: str
    how_to_earn: str
    rule: BackRule
    amount: int = 0  # pyramids in one trek, chain length, or clears overall, by rule


RELICS: tuple[Relic, ...] = (
    Relic("brass_compass", "Brass Compass", 1),
    Relic("clay_jar", "Clay Jar", 2),
    Relic("falcon_feather", "Falcon Feather", 4),
    Relic("old_key", "Old Key", 6),
    Relic("camel_bell", "Camel Bell", 9),
    Relic("hourglass", "Hourglass", 12),
    Relic("bloom_cactus", "Bloom Cactus", 16),
    Relic("star_map", "Star Map", 20),
    Relic("glass_scorpion", "Glass Scorpion", 25),
    Relic("moon_charm", "Moon Charm", 30),
    Relic("oasis_gem", "Oasis Gem", 40),
    Relic("sun_crown", "Sun Crown", 50),
)

DEFAULT_BACK = "default"

CARD_BACKS: tuple[CardBack, ...] = (
    CardBack(DEFAULT_BACK, "Sandstone", "Yours from the start.", "default"),
    CardBack("no_redeal", "Still Oasis", "Clear a pyramid without redealing.", "no_redeal"),
    CardBack("trek_3", "Caravan", "Clear 3 pyramids in one Expedition.", "trek", 3),
    CardBack("trek_5", "Dune Sea", "Clear 5 pyramids in one Expedition.", "trek", 5),
    CardBack("trek_8", "Mirage", "Clear 8 pyramids in one Expedition.", "trek", 8),
    CardBack("chain_8", "Scarab Chain", "Build a chain of 8 removals in a row.", "chain", 8),
    CardBack("clears_10", "Lapis Tiles", "Clear 10 pyramids in all.", "clears", 10),
    CardBack("clears_25", "Papyrus", "Clear 25 pyramids in all.", "clears", 25),
    CardBack("clears_50", "Gold Leaf", "Clear 50 pyramids in all.", "clears", 50),
)

RELIC_BY_ID: dict[str, Relic] = {relic.id: relic for relic in RELICS}
BACK_BY_ID: dict[str, CardBack] = {back.id: back for back in CARD_BACKS}


def relics_for(pyramids_cleared: int) -> list[Relic]:
    """Every relic that ``pyramids_cleared`` clears in total earn, in catalogue order."""
    return [relic for relic in RELICS if pyramids_cleared >= relic.threshold]


def next_relic(pyramids_cleared: int) -> tuple[Relic, int] | None:
    """The next relic to earn and how many more pyramids it needs, or None when all are owned."""
    for relic in RELICS:
        if pyramids_cleared < relic.threshold:
            return relic, relic.threshold - pyramids_cleared
    return None
