"""The keys and clicks of a player deciding at the table, shared by the local table
(``TableScreen``) and a seat of an online room (``RemoteTableScreen``): a tile key or click
discards, a choice key or button takes a choice. What a decision does is the screen's own
``act``: the local table hands it to the engine, a remote seat sends it to the room."""

from __future__ import annotations

from textual import on
from textual.binding import Binding

from ...rules.game import Action, ActionType
from ..widgets.choices import CHOICE_KEYS, ChoiceButton, ChoicesPanel
from ..widgets.hand import TILE_KEYS, HandTile
from .board import BoardScreen


def tile_bindings() -> list[Binding]:
    out = [Binding(TILE_KEYS[0], "discard_at(0)", "key.tiles", key_display="1…u")]
    out += [Binding(k, f"discard_at({i})", show=False) for i, k in enumerate(TILE_KEYS) if i]
    return out


def choice_bindings() -> list[Binding]:
    keys = sorted(set(CHOICE_KEYS.values()))
    out = [Binding(k, f"choose('{k}')", show=False) for k in keys]
    out.append(Binding("escape", "choose('s')", show=False))
    return out


def move_bindings() -> list[Binding]:
    """The cursor over the hand (or, with nothing to discard, between the choices), ↑/↓
    between the choices, Enter to take the selected choice or discard: the key bar names
    which (one Enter per kind of choice, only the one Enter would take shown)."""
    takes = [
        Binding("enter", f"take_choice('{kind}')", f"choice.{kind}", key_display="⏎")
        for kind in CHOICE_KEYS
    ]
    return [
        Binding("left", "cursor(-1)", "key.left", key_display="←", show=False),
        Binding("right", "cursor(1)", "key.right", key_display="→", show=False),
        Binding("up", "focus_choice(-1)", show=False),
        Binding("down", "focus_choice(1)", show=False),
        *takes,
        Binding("enter", "discard_cursor", "key.discard", key_display="←→ ⏎"),
    ]


class SeatInput(BoardScreen):
    """A table where the private seat decides by key and mouse (subclasses give ``act``)."""

    PLAY_ACTIONS = (
        *("discard_at", "discard_cursor", "cursor", "choose", "focus_choice", "take_choice"),
    )
    DISCARD_ACTIONS = ("discard_at", "discard_cursor")

    def act(self, action: Action) -> None:
        """The private seat's decision."""
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Of the Enter keys, only the one for the choice Enter takes now is live."""
        if not super().check_action(action, parameters):
            return False
        if action == "take_choice":
            chosen = self.enter_choice()
            return chosen is not None and chosen.action.type == parameters[0]
        return True

    def enter_choice(self) -> ChoiceButton | None:
        """The choice Enter takes: the selected one; with nothing to discard, the first."""
        if isinstance(self.focused, ChoiceButton) and self.focused.is_attached:
            return self.focused
        if self.hand_view.active:
            return None
        buttons = self.query_one(ChoicesPanel).buttons()
        return buttons[0] if buttons else None

    def action_take_choice(self, _kind: str) -> None:
        chosen = self.enter_choice()
        if chosen is not None and self.interactive:
            self.act(chosen.action)

    @on(HandTile.Clicked)
    def _tile_clicked(self, message: HandTile.Clicked) -> None:
        self.action_discard_at(message.index)

    @on(ChoiceButton.Pressed)
    def _choice_pressed(self, message: ChoiceButton.Pressed) -> None:
        self.act(message.action)

    @on(ChoiceButton.Highlight)
    def _choice_highlight(self, message: ChoiceButton.Highlight) -> None:
        """Hover or focus shows a choice's tiles; leaving falls back to the focused choice."""
        uses = message.uses
        if uses is None and isinstance(self.focused, ChoiceButton):
            uses = self.focused.uses
        self.hand_view.highlight = uses
        self.refresh_bindings()  # the key bar names what Enter takes

    def action_discard_at(self, index: int) -> None:
        seat = self.private_seat
        tile = self.hand_view.tile_at(index)
        if tile is None or seat is None or not self.interactive:
            return
        self.hand_view.cursor = index
        self.act(Action(seat, ActionType.DISCARD, tile))

    def action_discard_cursor(self) -> None:
        self.action_discard_at(self.hand_view.cursor)

    def action_cursor(self, step: int) -> None:
        """Along the hand; with nothing to discard, between the choices."""
        hand = self.hand_view
        if not hand.active and self.query_one(ChoicesPanel).buttons():
            self.action_focus_choice(step)
            return
        count = len(hand.state.tiles)
        if count:
            hand.cursor = (hand.cursor + step) % count
        if isinstance(self.focused, ChoiceButton):
            self.set_focus(None)

    def action_choose(self, key: str) -> None:
        """A choice key: take the choice, or with several combinations move between them."""
        seat = self.private_seat
        if seat is None or not self.interactive:
            return
        buttons = [
            b for b in self.query_one(ChoicesPanel).buttons() if CHOICE_KEYS[b.action.type] == key
        ]
        if not buttons:
            kinds = [t for t, k in CHOICE_KEYS.items() if k == key]
            self.act(Action(seat, kinds[0]))
            return
        if len(buttons) == 1:
            self.act(buttons[0].action)
            return
        focused = self.focused
        index = buttons.index(focused) + 1 if focused in buttons else 0
        buttons[index % len(buttons)].focus()

    def action_focus_choice(self, step: int) -> None:
        buttons = self.query_one(ChoicesPanel).buttons()
        if not buttons:
            return
        focused = self.focused
        if focused in buttons:
            index = (buttons.index(focused) + step) % len(buttons)
        else:
            index = 0 if step > 0 else len(buttons) - 1
        buttons[index].focus()
