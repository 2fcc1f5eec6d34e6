"""The key bindings: one table. The views look actions up here and the help overlay reads it.

Each :class:`Binding` names an action, the keys that trigger it, how the keys are written for
players and what the action does. ``context`` says where it works: ``table`` (playing a deal),
``menus`` (title, pause, settings, results) or ``everywhere``.

The table is English (the README's keyboard table is checked against it); the texts and the keys'
names that are words are marked with ``N_`` and shown in the player's language by
:func:`help_rows`, :func:`pad_help_rows`, :func:`keys_for` and :func:`label_for`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from arcade import key as K

from desert_pyramid.i18n import N_, _

TABLE = "table"
MENUS = "menus"
EVERYWHERE = "everywhere"
REPLAY = "replay"
EDITOR = "editor"  # the layout editor
PICKER = "picker"  # the layout picker's own keys (its moves are the menus')
SPEECH = "speech"  # at the table: hear what a sighted player sees (docs/accessibility.md)
CONTEXT_TITLES = {
    TABLE: N_("At the table"),
    SPEECH: N_("Listening at the table"),
    MENUS: N_("In menus"),
    REPLAY: N_("Watching a replay"),
    EDITOR: N_("In the layout editor"),
    PICKER: N_("Choosing a layout"),
    EVERYWHERE: N_("Everywhere"),
}


@dataclass(frozen=True, slots=True)
class Binding:
    action: str
    keys: tuple[int, ...]
    label: str  # how players see the keys: "Space", "← ↑ → ↓"
    text: str  # what it does
    context: str
    shift: bool = False  # only with Shift held (and the plain key does something else)
    # the game controller's column (see PAD_COLUMN below): pyglet's button names ("a", "leftshoulder";
    # the d-pad and the left stick as "dpleft" "dpright" "dpup" "dpdown"; the triggers as
    # "lefttrigger" "righttrigger"), how players see them ("A", "LB") and, when it differs, the text
    pad: tuple[str, ...] = ()
    pad_label: str = ""
    pad_text: str = ""


BINDINGS: tuple[Binding, ...] = (
    Binding("flip", (K.SPACE,), N_("Space"), N_("Flip the stock; redeal when it is empty"), TABLE),
    Binding("undo", (K.Z, K.BACKSPACE), "Z", N_("Undo the last move (unlimited)"), TABLE),
    Binding("redo", (K.Y,), "Y", N_("Redo a move you undid"), TABLE),
    Binding("hint", (K.H,), "H", N_("Show a hint: the next move of a real way through"), TABLE),
    Binding(
        "accept",
        (K.ENTER, K.NUM_ENTER),
        N_("Enter"),
        N_("Play the hinted move; with no hint shown, select the focused card or button"),
        TABLE,
    ),
    Binding("stash", (K.S,), "S", N_("Put the selected card in the Satchel"), TABLE),
    Binding(
        "focus_left",
        (K.LEFT,),
        "← ↑ → ↓",
        N_("Move the focus between cards, piles and buttons"),
        TABLE,
    ),
    Binding("focus_right", (K.RIGHT,), "", "", TABLE),
    Binding("focus_up", (K.UP,), "", "", TABLE),
    Binding("focus_down", (K.DOWN,), "", "", TABLE),
    Binding("focus_prev", (K.TAB,), "", "", TABLE, shift=True),
    Binding(
        "focus_next",
        (K.TAB,),
        N_("Tab"),
        N_("The next free card, pile or button (Shift+Tab: back)"),
        TABLE,
    ),
    Binding("deselect", (K.DELETE, K.X), "X", N_("Drop the selection"), TABLE),
    Binding(
        "autoplay", (K.A,), "A", N_("Let the computer play the deal (press again to stop)"), TABLE
    ),
    Binding(
        "pause", (K.ESCAPE, K.P), N_("Esc"), N_("Pause (a timed table hides its cards)"), TABLE
    ),
    # speech (docs/accessibility.md): what a sighted player sees at a glance, said on request
    Binding("say_board", (K.B,), "B", N_("The free cards, waste, Satchel and stock"), SPEECH),
    Binding("say_layout", (K.L,), "L", N_("Every card of the layout, row by row"), SPEECH),
    Binding("say_covering", (K.C,), "C", N_("The cards covering the focused card"), SPEECH),
    Binding("say_status", (K.D,), "D", N_("Score, moves, time or daylight left"), SPEECH),
    Binding("say_focus", (K.F,), "F", N_("The focused card again"), SPEECH),
    Binding("say_rank", (K.R,), "R", N_("Where the focused card's rank is"), SPEECH),
    Binding(
        "say_rank_1",
        (K.KEY_1, K.NUM_1),
        "1-9 0 J Q K",
        N_("Where that rank's cards are (1 ace, 0 ten)"),
        SPEECH,
    ),
    *(
        Binding(f"say_rank_{r}", (getattr(K, f"KEY_{r}"), getattr(K, f"NUM_{r}")), "", "", SPEECH)
        for r in range(2, 10)
    ),
    Binding("say_rank_10", (K.KEY_0, K.NUM_0), "", "", SPEECH),
    Binding("say_rank_11", (K.J,), "", "", SPEECH),
    Binding("say_rank_12", (K.Q,), "", "", SPEECH),
    Binding("say_rank_13", (K.K,), "", "", SPEECH),
    Binding("menu_up", (K.UP,), "↑ ↓", N_("Move between buttons"), MENUS),
    Binding("menu_down", (K.DOWN,), "", "", MENUS),
    Binding("menu_left", (K.LEFT,), "← →", N_("Change the focused setting"), MENUS),
    Binding("menu_right", (K.RIGHT,), "", "", MENUS),
    Binding(
        "menu_accept",
        (K.ENTER, K.NUM_ENTER, K.SPACE),
        N_("Enter"),
        N_("Press the focused button"),
        MENUS,
    ),
    Binding("back", (K.ESCAPE, K.BACKSPACE), N_("Esc"), N_("Back (from pause: resume)"), MENUS),
    Binding("page_up", (K.PAGEUP,), N_("PgUp PgDn"), N_("Scroll a list a page up or down"), MENUS),
    Binding("page_down", (K.PAGEDOWN,), "", "", MENUS),
    Binding(
        "list_first",
        (K.HOME,),
        N_("Home End"),
        N_("Go to the first or the last item of a list"),
        MENUS,
    ),
    Binding("list_last", (K.END,), "", "", MENUS),
    Binding("help", (K.F1, K.QUESTION), N_("F1 or ?"), N_("Show or hide this help"), EVERYWHERE),
    Binding("help", (K.SLASH,), "", "", EVERYWHERE, shift=True),
    Binding("fullscreen", (K.F11,), "F11", N_("Full screen on or off"), EVERYWHERE),
    Binding("mute", (K.M,), "M", N_("Mute or unmute all sound"), EVERYWHERE),
    Binding(
        "speech",
        (K.F2,),
        "F2",
        N_("Speech on or off (after a failure: try again)"),
        EVERYWHERE,
    ),
)

BINDINGS += (
    Binding("replay_play", (K.SPACE, K.K), N_("Space"), N_("Play or pause the replay"), REPLAY),
    Binding("replay_prev", (K.LEFT, K.COMMA), "← →", N_("Step back or forward one move"), REPLAY),
    Binding("replay_next", (K.RIGHT, K.PERIOD), "", "", REPLAY),
    Binding(
        "replay_start", (K.HOME,), N_("Home End"), N_("Jump to the deal or to the end"), REPLAY
    ),
    Binding("replay_end", (K.END,), "", "", REPLAY),
    Binding(
        "replay_faster", (K.UP, K.PLUS, K.EQUAL, K.NUM_ADD), "↑ ↓", N_("Faster or slower"), REPLAY
    ),
    Binding("replay_slower", (K.DOWN, K.MINUS, K.NUM_SUBTRACT), "", "", REPLAY),
    Binding("replay_lost", (K.L,), "L", N_("Jump to the move that lost the deal"), REPLAY),
    Binding("replay_play_on", (K.P,), "P", N_("Play on from here as a Practice game"), REPLAY),
    Binding(
        "replay_press", (K.ENTER, K.NUM_ENTER), N_("Enter"), N_("Press the focused button"), REPLAY
    ),
    Binding("replay_focus_prev", (K.TAB,), "", "", REPLAY, shift=True),
    Binding(
        "replay_focus_next",
        (K.TAB,),
        N_("Tab"),
        N_("Move between the buttons (Shift+Tab: back)"),
        REPLAY,
    ),
    Binding("back", (K.ESCAPE, K.BACKSPACE), N_("Esc"), N_("Close the replay"), REPLAY),
)

HOWTO = "howto"  # the How to play screen (its own rows, not shown in the help overlay)

BINDINGS += (
    Binding("tab_prev", (K.TAB,), "", "", HOWTO, shift=True),
    Binding(
        "tab_next",
        (K.TAB,),
        N_("Tab  ← →"),
        N_("Next or previous page (Shift+Tab goes back)"),
        HOWTO,
    ),
    Binding("tab_prev", (K.LEFT,), "", "", HOWTO),
    Binding("tab_next", (K.RIGHT,), "", "", HOWTO),
    Binding("line_up", (K.UP,), "↑ ↓", N_("Scroll the text; move between buttons"), HOWTO),
    Binding("line_down", (K.DOWN,), "", "", HOWTO),
    Binding("page_up", (K.PAGEUP,), N_("PgUp PgDn"), N_("Scroll a page"), HOWTO),
    Binding("page_down", (K.PAGEDOWN,), "", "", HOWTO),
    Binding("to_top", (K.HOME,), N_("Home End"), N_("To the start or the end"), HOWTO),
    Binding("to_end", (K.END,), "", "", HOWTO),
    Binding(
        "press",
        (K.ENTER, K.NUM_ENTER, K.SPACE),
        N_("Enter"),
        N_("Press the focused button or answer"),
        HOWTO,
    ),
    Binding("pick_1", (K.KEY_1, K.NUM_1), "1 2 3", N_("Answer the quiz question"), HOWTO),
    Binding("pick_2", (K.KEY_2, K.NUM_2), "", "", HOWTO),
    Binding("pick_3", (K.KEY_3, K.NUM_3), "", "", HOWTO),
    Binding("pick_4", (K.KEY_4, K.NUM_4), "", "", HOWTO),
    Binding("pick_5", (K.KEY_5, K.NUM_5), "", "", HOWTO),
    Binding("pick_6", (K.KEY_6, K.NUM_6), "", "", HOWTO),
    Binding("next_question", (K.N,), "N", N_("Next quiz question"), HOWTO),
    Binding("watch", (K.W,), "W", N_("Watch the worked example on the table"), HOWTO),
    Binding("back", (K.ESCAPE, K.BACKSPACE), N_("Esc"), N_("Back"), HOWTO),
)


BINDINGS += (
    Binding(
        "cursor_left",
        (K.LEFT,),
        "← ↑ → ↓",
        N_("Move the cursor on the grid (a card picked up goes with it)"),
        EDITOR,
    ),
    Binding("cursor_right", (K.RIGHT,), "", "", EDITOR),
    Binding("cursor_up", (K.UP,), "", "", EDITOR),
    Binding("cursor_down", (K.DOWN,), "", "", EDITOR),
    Binding(
        "place",
        (K.SPACE, K.ENTER, K.NUM_ENTER),
        N_("Space Enter"),
        N_("Place a card at the cursor, or take away the card there"),
        EDITOR,
    ),
    Binding(
        "grab", (K.G,), "G", N_("Pick up the card at the cursor to move it; G puts it down"), EDITOR
    ),
    Binding("mirror", (K.M,), "M", N_("Mirror the layout left to right"), EDITOR),
    Binding("edit_undo", (K.Z,), N_("Ctrl+Z"), N_("Undo the last change"), EDITOR),
    Binding("edit_redo", (K.Y,), N_("Ctrl+Y"), N_("Redo a change you undid"), EDITOR),
    Binding("rename", (K.N,), "N", N_("Name the layout"), EDITOR),
    Binding("save", (K.S,), "S", N_("Save the layout among yours (it asks its name)"), EDITOR),
    Binding("copy_code", (K.C,), "C", N_("Copy the layout code"), EDITOR),
    Binding("paste_code", (K.V,), N_("Ctrl+V"), N_("Paste a layout code"), EDITOR),
    Binding(
        "back",
        (K.ESCAPE,),
        N_("Esc"),
        N_("Back to the layouts (asks first if changes are not saved)"),
        EDITOR,
    ),
    Binding("new_layout", (K.N,), "N", N_("Draw a new layout in the editor"), PICKER),
    Binding(
        "edit_copy", (K.E,), "E", N_("Edit one of your layouts, or a copy of any other"), PICKER
    ),
    Binding("rename", (K.R,), "R", N_("Rename one of your layouts"), PICKER),
    Binding(
        "delete", (K.DELETE,), N_("Del"), N_("Delete one of your layouts (asks first)"), PICKER
    ),
    Binding("copy_code", (K.C,), "C", N_("Copy the focused layout's code"), PICKER),
    Binding(
        "paste_code",
        (K.V,),
        N_("Ctrl+V"),
        N_("Paste a layout code: add it to your layouts"),
        PICKER,
    ),
)


def shown(text: str) -> str:
    """A text or a key's name of the table in the player's language ("" stays "")."""
    return _(text) if text else ""


def shown_pad(label: str) -> str:
    """A controller label in the player's language: the d-pad's name is a word, the buttons'
    names (A, LB, Start, Back) are what is printed on them."""
    return label.replace(STICK, _(STICK)) if STICK in label else label


def action_for(symbol: int, modifiers: int, contexts: Iterable[str]) -> str | None:
    """The action a key press means in the given contexts (first match wins), or ``None``."""
    shift = bool(modifiers & K.MOD_SHIFT)
    wanted = tuple(contexts)
    for context in wanted:
        for b in BINDINGS:
            if b.context == context and symbol in b.keys and (shift or not b.shift):
                return b.action
    return None


def help_rows(contexts: Iterable[str] | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The help overlay's content: per context, (keys, text) for each binding with a label.
    By default the table's, the menus' and the everywhere keys; a screen with keys of its own
    (the replay) names its contexts."""
    rows: list[tuple[str, list[tuple[str, str]]]] = []
    wanted = tuple(contexts or (TABLE, SPEECH, MENUS, EVERYWHERE))
    for context in wanted:
        # a key a screen gives an action of its own (M mirrors in the editor) is not listed again
        # under "Everywhere"
        taken = (
            {k for b in BINDINGS if b.context in wanted and b.context != EVERYWHERE for k in b.keys}
            if context == EVERYWHERE
            else set()
        )
        items = [
            (shown(b.label), shown(b.text))
            for b in BINDINGS
            if b.context == context and b.label and not (b.keys and set(b.keys) <= taken)
        ]
        rows.append((shown(CONTEXT_TITLES[context]), items))
    return rows


def keys_for(action: str) -> str:
    """The label of an action's keys, for hints in the interface ("Space", "Z")."""
    for b in BINDINGS:
        if b.action == action and b.label:
            return shown(b.label)
    raise KeyError(action)


# -- the game controller's column --------------------------------------------------------------------
# (context, action, pad buttons, label, text): each row gives the first binding of that action in
# that context its controller buttons; an action with no key of its own gets a binding of its own.
# The d-pad and the left stick are one: both send the "dp…" directions (see ui/input/controller.py).
STICK = N_("D-pad")  # how the help writes "the d-pad or the left stick"
PAD_COLUMN: tuple[tuple[str, str, tuple[str, ...], str, str], ...] = (
    (
        TABLE,
        "focus_left",
        ("dpleft",),
        STICK,
        N_("Move the focus between cards, piles and buttons (the left stick too)"),
    ),
    (TABLE, "focus_right", ("dpright",), "", ""),
    (TABLE, "focus_up", ("dpup",), "", ""),
    (TABLE, "focus_down", ("dpdown",), "", ""),
    (TABLE, "accept", ("a",), "A", N_("Select, pair or press the focused card or button")),
    (TABLE, "deselect", ("b",), "B", N_("Drop the selection")),
    (TABLE, "flip", ("x",), "X", ""),
    (TABLE, "hint_or_play", ("y",), "Y", N_("Show a hint; a second Y plays it")),
    (TABLE, "undo", ("leftshoulder",), "LB", ""),
    (TABLE, "redo", ("rightshoulder",), "RB", ""),
    (
        TABLE,
        "stash",
        ("righttrigger",),
        "RT",
        N_("Put the selected (or focused) card in the Satchel"),
    ),
    (
        TABLE,
        "autoplay",
        ("rightstick",),
        "R3",
        N_("Let the computer play (press the right stick; again to stop)"),
    ),
    (TABLE, "pause", ("start",), "Start", ""),
    (MENUS, "menu_up", ("dpup",), f"{STICK} ↑ ↓", ""),
    (MENUS, "menu_down", ("dpdown",), "", ""),
    (MENUS, "menu_left", ("dpleft",), f"{STICK} ← →", ""),
    (MENUS, "menu_right", ("dpright",), "", ""),
    (MENUS, "menu_accept", ("a",), "A", ""),
    (MENUS, "back", ("b",), "B", ""),
    (MENUS, "resume", ("start",), "Start", N_("Resume (on the pause screen)")),
    (MENUS, "page_up", ("leftshoulder",), "LB RB", ""),
    (MENUS, "page_down", ("rightshoulder",), "", ""),
    (MENUS, "list_first", ("lefttrigger",), "LT RT", ""),
    (MENUS, "list_last", ("righttrigger",), "", ""),
    (EVERYWHERE, "help", ("back",), "Back", ""),
    (REPLAY, "replay_play", ("a",), "A", ""),
    (REPLAY, "replay_prev", ("dpleft",), f"{STICK} ← →", ""),
    (REPLAY, "replay_next", ("dpright",), "", ""),
    (REPLAY, "replay_start", ("leftshoulder",), "LB RB", ""),
    (REPLAY, "replay_end", ("rightshoulder",), "", ""),
    (REPLAY, "replay_faster", ("dpup",), f"{STICK} ↑ ↓", ""),
    (REPLAY, "replay_slower", ("dpdown",), "", ""),
    (REPLAY, "replay_lost", ("x",), "X", ""),
    (REPLAY, "replay_play_on", ("y",), "Y", ""),
    (REPLAY, "back", ("b",), "B", ""),
    (
        HOWTO,
        "tab_prev",
        ("leftshoulder", "dpleft"),
        f"LB RB  {STICK} ← →",
        N_("Previous or next page"),
    ),
    (HOWTO, "tab_next", ("rightshoulder", "dpright"), "", ""),
    (HOWTO, "line_up", ("dpup",), f"{STICK} ↑ ↓", ""),
    (HOWTO, "line_down", ("dpdown",), "", ""),
    (HOWTO, "page_up", ("lefttrigger",), "LT RT", ""),
    (HOWTO, "page_down", ("righttrigger",), "", ""),
    (HOWTO, "press", ("a",), "A", ""),
    (HOWTO, "next_question", ("x",), "X", ""),
    (HOWTO, "watch", ("y",), "Y", ""),
    (HOWTO, "back", ("b",), "B", ""),
    (EDITOR, "cursor_left", ("dpleft",), STICK, N_("Move the cursor (the left stick too)")),
    (EDITOR, "cursor_right", ("dpright",), "", ""),
    (EDITOR, "cursor_up", ("dpup",), "", ""),
    (EDITOR, "cursor_down", ("dpdown",), "", ""),
    (EDITOR, "place", ("a",), "A", N_("Place or take away a card; in the name field: done")),
    (EDITOR, "grab", ("x",), "X", N_("Pick up a card to move it; X puts it down")),
    (EDITOR, "mirror", ("y",), "Y", ""),
    (EDITOR, "edit_undo", ("leftshoulder",), "LB", ""),
    (EDITOR, "edit_redo", ("rightshoulder",), "RB", ""),
    (EDITOR, "save", ("start",), "Start", N_("Save the layout (A keeps the name shown)")),
    (EDITOR, "back", ("b",), "B", ""),
    (PICKER, "new_layout", ("y",), "Y", ""),
    (PICKER, "edit_copy", ("x",), "X", ""),
)


def _with_pad_column(bindings: tuple[Binding, ...]) -> tuple[Binding, ...]:
    out = list(bindings)
    for context, action, pad, label, text in PAD_COLUMN:
        at = next(
            (i for i, b in enumerate(out) if b.context == context and b.action == action), None
        )
        if at is None:
            out.append(
                Binding(action, (), "", text, context, pad=pad, pad_label=label, pad_text=text)
            )
        else:
            out[at] = replace(out[at], pad=pad, pad_label=label, pad_text=text)
    return tuple(out)


BINDINGS = _with_pad_column(BINDINGS)


def pad_action_for(button: str, contexts: Iterable[str]) -> str | None:
    """The action a controller button (or d-pad direction, or trigger) means in the given
    contexts (first match wins), or ``None``."""
    for context in tuple(contexts):
        for b in BINDINGS:
            if b.context == context and button in b.pad:
                return b.action
    return None


def pad_help_rows(contexts: Iterable[str] | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The help overlay's content when the controller was used last: per context, (buttons, text)
    for each binding with a controller label."""
    rows: list[tuple[str, list[tuple[str, str]]]] = []
    for context in contexts or (TABLE, MENUS, EVERYWHERE):
        order = {(c, a): i for i, (c, a, *_rest) in enumerate(PAD_COLUMN)}
        listed = sorted(
            (b for b in BINDINGS if b.context == context and b.pad_label),
            key=lambda b: order.get((b.context, b.action), len(order)),
        )
        items = [(shown_pad(b.pad_label), shown(b.pad_text or b.text)) for b in listed]
        rows.append((shown(CONTEXT_TITLES[context]), items))
    return rows


def label_for(action: str, pad: bool = False) -> str:
    """How players see an action's keys, or with ``pad`` its controller buttons ("Enter", "A")."""
    for b in BINDINGS:
        if b.action == action and (b.pad_label if pad else b.label):
            return shown_pad(b.pad_label) if pad else shown(b.label)
    raise KeyError(action)
