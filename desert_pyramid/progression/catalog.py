"""The fixed catalogue of progression rewards: the 12 relics and the card backs.

Relics unlock by pyramids cleared in total (every mode counts). Card backs unlock by milestones;
``sandstone`` (the default) is always owned. Ids are stable: they are what the save files store,
and the names of the pictures in ``resources/images/relics`` and ``resources/images/backs``, whose
``relics.toml`` and ``backs.toml`` hold the same data (a test keeps the two in step).
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
    flavour: str = ""

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
    Relic(
        "brass_compass",
        "Brass Compass",
        1,
        "It always points to the next pyramid, never back home.",
    ),
    Relic("clay_jar", "Clay Jar", 2, "Cool water for the long walk, sealed with beeswax."),
    Relic(
        "falcon_feather", "Falcon Feather", 4, "Dropped by a falcon that circled your camp at dawn."
    ),
    Relic("old_key", "Old Key", 6, "Nobody knows which door it opens. Perhaps none yet."),
    Relic("camel_bell", "Camel Bell", 9, "Its ring carries across the dunes long after dusk."),
    Relic("hourglass", "Hourglass", 12, "The sand runs, the sun sinks, the cards wait for no one."),
    Relic(
        "bloom_cactus",
        "Bloom Cactus",
        16,
        "It flowers one night a year, and you were there to see it.",
    ),
    Relic("star_map", "Star Map", 20, "The old caravan routes, charted in the stars."),
    Relic(
        "glass_scorpion", "Glass Scorpion", 25, "Sand fused by lightning, shaped by a patient hand."
    ),
    Relic(
        "moon_charm", "Moon Charm", 30, "Worn by night travellers to keep the way silver and clear."
    ),
    Relic("oasis_gem", "Oasis Gem", 40, "As green as the water waiting beyond the last dune."),
    Relic(
        "sun_crown", "Sun Crown", 50, "Fifty pyramids cleared. The desert bows to its new ruler."
    ),
)

DEFAULT_BACK = "sandstone"

CARD_BACKS: tuple[CardBack, ...] = (
    CardBack("sandstone", "Sandstone", "Yours from the start.", "default"),
    CardBack("no_redeal", "Unbroken Sun", "Clear a pyramid without a redeal.", "no_redeal"),
    CardBack("trek_3", "Three on the Horizon", "Clear 3 pyramids in a single trek.", "trek", 3),
    CardBack("trek_5", "Caravan at Dusk", "Clear 5 pyramids in a single trek.", "trek", 5),
    CardBack("trek_8", "Night Crossing", "Clear 8 pyramids in a single trek.", "trek", 8),
    CardBack("chain_8", "Scarab Chain", "Make a chain of 8.", "chain", 8),
    CardBack("clears_10", "Lapis Lotus", "Clear 10 pyramids in all.", "clears", 10),
    CardBack("clears_25", "Obsidian Obelisk", "Clear 25 pyramids in all.", "clears", 25),
    CardBack("clears_50", "Golden Pyramid", "Clear 50 pyramids in all.", "clears", 50),
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
