"""The choices panel: 吃 / 碰 / 杠 / 胡 / 过 (and 抢金, 三金倒, 不倒) when you may act.

Every legal action other than a discard gets its own button, wins first and 过 last; a 吃
with two combinations gets two (and a hint how to pick one). When there is nothing to discard
(a claim, the rob-the-gold window) the first choice is selected at once, so its tiles are lit
and the key bar names what Enter takes; 过 keeps its own key and button. Hovering a button, or
moving the focus onto it, asks the hand to highlight the tiles that action uses
(``Action.uses()``: the rest grey); leaving or blurring falls back to the selected choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ...i18n.words import tr
from ...rules.game import Action, ActionType
from ..palette import KEY
from ..tilefaces import chip, chips
from .prose import prose
from .steady import Unscrolled

CHOICE_KEYS = {
    ActionType.CHI: "c",
    ActionType.PONG: "p",
    ActionType.KONG: "k",
    ActionType.ANKONG: "k",
    ActionType.ADDKONG: "k",
    ActionType.WIN: "m",
    ActionType.ROB_GOLD: "g",
    ActionType.THREE_GOLD: "j",
    ActionType.DECLINE_THREE_GOLD: "n",
    ActionType.PASS: "s",
}
# Order in the panel: wins first, pass last.
ORDER = (
    ActionType.WIN, ActionType.ROB_GOLD, ActionType.THREE_GOLD, ActionType.KONG,
    ActionType.ANKONG, ActionType.ADDKONG, ActionType.PONG, ActionType.CHI,
    ActionType.DECLINE_THREE_GOLD, ActionType.PASS,
)  # fmt: skip


class ChoiceButton(Static, can_focus=True):
    """One decision; Space or a click takes it (Enter is the table's key: it takes the
    selected choice, and the key bar says which)."""

    BINDINGS = [Binding("space", "press", show=False)]

    @dataclass
    class Pressed(Message):
        action: Action

    @dataclass
    class Highlight(Message):
        """Highlight these hand tiles (None: clear)."""

        uses: tuple[int, ...] | None

    def __init__(self, action: Action, label: Text, index: int, autofocus: bool = False) -> None:
        super().__init__(label, id=f"choice-{index}", classes=f"-{action.type}")
        self.action = action
        self.autofocus = autofocus

    def on_mount(self) -> None:
        if self.autofocus:
            self.focus()

    @property
    def uses(self) -> tuple[int, ...] | None:
        """The hand tiles to highlight; None for a choice that takes none (胡, 过)."""
        return self.action.uses() or None

    def _screen_allows(self, action: str) -> bool:
        """The table's keys are off while it is hidden (and a button being removed has none)."""
        screen = self.parent and self.screen if self.is_attached else None
        return screen is not None and screen.check_action(action, ()) is not False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self._screen_allows(action)

    def action_press(self) -> None:
        if self._screen_allows("choose"):
            self.post_message(self.Pressed(self.action))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.action_press()

    def on_enter(self, event: events.Enter) -> None:
        self.post_message(self.Highlight(self.uses))

    def on_leave(self, event: events.Leave) -> None:
        self.post_message(self.Highlight(self.uses if self.has_focus else None))

    def on_focus(self, event: events.Focus) -> None:
        self.post_message(self.Highlight(self.uses))

    def on_blur(self, event: events.Blur) -> None:
        self.post_message(self.Highlight(None))


@dataclass(frozen=True)
class ChoicesState:
    """What the panel shows: a title, the actions and why 胡 is not offered (if so)."""

    title: Text = field(default_factory=Text)
    actions: tuple[Action, ...] = ()
    blocked: str | None = None
    autofocus: bool = False  # focus the default choice (when there is nothing to discard)
    gold: int = -1
    ascii_tiles: bool = False
    lang: str = "zh"


def choice_label(action: Action, gold: int, ascii_tiles: bool, lang: str) -> Text:
    """``c 吃 四万五万``: the key, the name and the hand tiles it takes (the discard it takes
    is in the panel's title)."""
    key = CHOICE_KEYS.get(action.type, "")
    text = Text()
    text.append(f"{key} ", style=f"bold {KEY}")
    text.append(tr(lang, f"choice.{action.type}"), style="bold")
    used = action.uses()
    if len(used) >= 3:  # a kong: one tile and how many
        text.append(" ")
        text.append_text(chip(used[0], gold, ascii_tiles))
        text.append(f"×{len(used)}", style=KEY)
    elif used:
        text.append(" ")
        text.append_text(chips(used, gold, ascii_tiles, sep=""))
    return text


def pick_hint(actions: Sequence[Action], lang: str) -> str:
    """How to choose between two or more choices on one key (two ways to 吃)."""
    keys = [CHOICE_KEYS[a.type] for a in actions]
    twice = next((k for k in dict.fromkeys(keys) if keys.count(k) > 1), None)
    return tr(lang, "choice.pick", k=twice) if twice else ""


class ChoicesPanel(Unscrolled, Horizontal):
    """One row over your hand: what is open to you and a button per choice; empty when you
    have nothing to decide."""

    state: reactive[ChoicesState] = reactive(ChoicesState, recompose=True)

    def compose(self) -> ComposeResult:
        s = self.state
        self.set_class(not s.actions and not s.title.plain, "-empty")
        yield Static(s.title, classes="choices-title")
        actions = sorted(s.actions, key=lambda a: ORDER.index(a.type))
        for i, action in enumerate(actions):
            label = choice_label(action, s.gold, s.ascii_tiles, s.lang)
            yield ChoiceButton(action, label, i, autofocus=s.autofocus and i == 0)
        hint = pick_hint(actions, s.lang)
        if hint:
            yield Static(hint, classes="choices-hint")
        if s.blocked:
            # (the rest of the row, its lines wrapped there: the English reasons are long)
            yield prose(tr(s.lang, "choice.blocked", why=s.blocked), classes="choices-blocked")

    def on_resize(self, event: events.Resize) -> None:
        """A second line (a long reason) takes the place of the line above, the latest event
        (the discard the choices name): the wall keeps its size."""
        self.screen.set_class(event.size.height > 1, "-choices-tall")

    def buttons(self) -> list[ChoiceButton]:
        return list(self.query(ChoiceButton))


def choice_actions(legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The actions that get a button: everything but a discard (discards are on the hand)."""
    return tuple(a for a in legal if a.type != ActionType.DISCARD)
