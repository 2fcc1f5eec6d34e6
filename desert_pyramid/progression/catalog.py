"""The fixed catalogue of progression rewards: the 12 relics and the card backs.

Relics unlock by pyramids cleared in total (every mode counts). Card backs unlock by milestones;
``sandstone`` (the default) is always owned. Ids are stable: they are what the save files store,
and the names of the pictures in ``resources/images/relics`` and ``resources/images/backs``, whose
``relics.toml`` and ``backs.toml`` hold the same data (a test keeps the two in step).

Names and texts are English here, marked with ``N_``: a screen shows them through ``_()`` (the
command line's ``profile`` prints them in English).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from desert_pyramid.i18n import N_, ngettext

BackRule = Literal["default", "no_redeal", "trek", "chain", "clears"]


@dataclass(frozen=True, slots=True)
class Relic:
    id: str
    name: str
    threshold: int  # pyramids cleared in total
    flavour: str = ""

    def how_to_earn(self) -> str:
        """In the player's language: "Clear 4 pyramids in all." """
        n = self.threshold
        return ngettext("Clear {n} pyramid in all.", "Clear {n} pyramids in all.", n).format(n=n)


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
        N_("Brass Compass"),
        1,
        N_("It always points to the next pyramid, never back home."),
    ),
    Relic("clay_jar", N_("Clay Jar"), 2, N_("Cool water for the long walk, sealed with beeswax.")),
    Relic(
        "falcon_feather",
        N_("Falcon Feather"),
        4,
        N_("Dropped by a falcon that circled your camp at dawn."),
    ),
    Relic("old_key", N_("Old Key"), 6, N_("Nobody knows which door it opens. Perhaps none yet.")),
    Relic(
        "camel_bell", N_("Camel Bell"), 9, N_("Its ring carries across the dunes long after dusk.")
    ),
    Relic(
        "hourglass",
        N_("Hourglass"),
        12,
        N_("The sand runs, the sun sinks, the cards wait for no one."),
    ),
    Relic(
        "bloom_cactus",
        N_("Bloom Cactus"),
        16,
        N_("It flowers one night a year, and you were there to see it."),
    ),
    Relic("star_map", N_("Star Map"), 20, N_("The old caravan routes, charted in the stars.")),
    Relic(
        "glass_scorpion",
        N_("Glass Scorpion"),
        25,
        N_("Sand fused by lightning, shaped by a patient hand."),
    ),
    Relic(
        "moon_charm",
        N_("Moon Charm"),
        30,
        N_("Worn by night travellers to keep the way silver and clear."),
    ),
    Relic(
        "oasis_gem", N_("Oasis Gem"), 40, N_("As green as the water waiting beyond the last dune.")
    ),
    Relic(
        "sun_crown",
        N_("Sun Crown"),
        50,
        N_("Fifty pyramids cleared. The desert bows to its new ruler."),
    ),
)

DEFAULT_BACK = "sandstone"

CARD_BACKS: tuple[CardBack, ...] = (
    CardBack("sandstone", N_("Sandstone"), N_("Yours from the start."), "default"),
    CardBack("no_redeal", N_("Unbroken Sun"), N_("Clear a pyramid without a redeal."), "no_redeal"),
    CardBack(
        "trek_3", N_("Three on the Horizon"), N_("Clear 3 pyramids in a single trek."), "trek", 3
    ),
    CardBack("trek_5", N_("Caravan at Dusk"), N_("Clear 5 pyramids in a single trek."), "trek", 5),
    CardBack("trek_8", N_("Night Crossing"), N_("Clear 8 pyramids in a single trek."), "trek", 8),
    CardBack("chain_8", N_("Scarab Chain"), N_("Make a chain of 8."), "chain", 8),
    CardBack("clears_10", N_("Lapis Lotus"), N_("Clear 10 pyramids in all."), "clears", 10),
    CardBack("clears_25", N_("Obsidian Obelisk"), N_("Clear 25 pyramids in all."), "clears", 25),
    CardBack("clears_50", N_("Golden Pyramid"), N_("Clear 50 pyramids in all."), "clears", 50),
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
