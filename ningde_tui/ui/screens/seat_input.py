"""The keys and clicks of a player deciding at the table, shared by the local table
(``TableScreen``) and a seat of an online room (``RemoteTableScreen``): a tile key or click
discards, a choice key or button takes a choice. What a decision does is the screen's own
``act``: the local table hands it to the engine, a remote seat sends it to the room."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from pathlib import Path

from textual import on
from textual.binding import Binding

from ...i18n.words import refusal_text, tile_name, tr
from ...rules.game import Action, ActionType, IllegalAction, Observation
from ...settings.store import Settings, load_table_auto, save_table_auto
from ...table.auto import AUTO_OPTIONS
from ...table.match import TAKE_BACK_HERE
from ..model.announce import Line
from ..widgets.choices import CHOICE_KEYS, ChoiceButton, ChoicesPanel
from ..widgets.hand import TILE_KEYS, HandTile
from .board import BoardScreen


def tile_bindings() -> list[Binding]:
    """The tile keys, after 悔牌's ``u`` (``take_back``): one key, two uses, never at once —
    ``u`` discards the 17th tile on your discard, and takes back your last discard while it
    is not your discard. ``take_back(1)`` is listed in the key bar (the setting is on),
    ``take_back(0)`` is not (it is off: the key says why it does nothing)."""
    out = [
        Binding(TILE_KEYS[16], "take_back(1)", "key.take_back"),
        Binding(TILE_KEYS[16], "take_back(0)", show=False),
    ]
    out += [Binding(TILE_KEYS[0], "discard_at(0)", "key.tiles", key_display="1…u")]
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


AUTO_KEYS = {"auto_win": "a", "no_chi": "x", "auto_pass": "z", "draw_discard": "d"}
AUTO_DELAY = 0.25  # seconds an offer the auto options answer stays on the table
FLASH_SECONDS = 0.6  # how long the hand flashes when a decision becomes yours


def auto_bindings() -> list[Binding]:
    """a 自动胡 · x 不吃 · z 自动过 · d 摸切: each key turns its option on or off."""
    names = list(AUTO_OPTIONS)
    first, *rest = names
    out = [Binding(AUTO_KEYS[first], f"toggle_auto('{first}')", "key.auto", key_display="a x z d")]
    out += [Binding(AUTO_KEYS[n], f"toggle_auto('{n}')", show=False) for n in rest]
    out.append(Binding("l", "tracker", "key.tracker"))
    return out


class SeatInput(BoardScreen):
    """A table where the private seat decides by key and mouse (subclasses give ``act``).

    It also carries the player's auto options (``table.auto``: an automatic decision is made
    a moment after its offer is drawn, and said) and the cue when a decision becomes theirs:
    a terminal bell and a flash of the hand, each if the settings say so."""

    def __init__(self) -> None:
        super().__init__()
        settings = getattr(self.app, "settings", None)
        if not isinstance(settings, Settings):
            settings = Settings()
        self.settings_auto = settings.auto_play()  # what each hand starts with
        self.auto = self.settings_auto
        self.cue_bell, self.cue_flash = settings.bell, settings.flash
        self.take_back_on = settings.take_back
        self._deciding = False  # the last drawing asked the private seat to decide
        self._auto_hand: int | None = None  # the hand 不吃 was last reset for

    def refresh_table(self) -> None:
        super().refresh_table()
        view = getattr(self, "view", None)
        if view is not None:
            self.after_drawing(view.obs, view.hand_no)

    def after_drawing(self, obs: Observation, hand_no: int) -> None:
        """The cue when a decision has just become the private seat's, and the auto options'
        answer to it."""
        if hand_no != self._auto_hand:
            self._auto_hand = hand_no
            if self.auto.no_chi != self.settings_auto.no_chi:
                self.auto = self.auto.toggled("no_chi")  # 不吃 is for one hand
        deciding = self.decider(obs) is not None and bool(obs.legal)
        if deciding and not self._deciding:
            self.cue()
        self._deciding = deciding
        if deciding:
            decided = self.auto.decide(obs)
            if decided is not None:
                self.set_timer(AUTO_DELAY, lambda: self._auto_act(decided))

    def cue(self) -> None:
        if self.cue_bell:
            self.app.bell()
        if self.cue_flash:
            hand = self.query_one("#me")
            hand.add_class("-flash")
            self.set_timer(FLASH_SECONDS, lambda: hand.remove_class("-flash"))

    def _auto_act(self, decided: tuple[Action, str]) -> None:
        """The auto options' decision, if the table still asks it (and they still make it)."""
        view = getattr(self, "view", None)
        if view is None or self.decider(view.obs) is None or self.auto.decide(view.obs) != decided:
            return
        action, option = decided
        what = tr(self.lang, f"choice.{action.type}")
        name = tr(self.lang, f"auto.{option}")
        self.announce(Line(tr(self.lang, "auto.played", name=name, what=what), "notice"))
        self.act(action)

    def auto_record(self) -> Path | None:
        """The record of the game these auto options are kept with (None: not kept)."""
        return None

    def restore_auto(self) -> None:
        """The auto options last set at this game's table, if it is being continued (不吃 as
        every hand starts it)."""
        record = self.auto_record()
        kept = None if record is None else load_table_auto(record)
        if kept is not None:
            self.auto = replace(kept, no_chi=self.settings_auto.no_chi)

    def action_toggle_auto(self, name: str) -> None:
        self.auto = self.auto.toggled(name)
        record = self.auto_record()
        if record is not None:
            with suppress(OSError):  # not kept: this game plays on with them all the same
                save_table_auto(record, self.auto)
        key = "auto.now_on" if getattr(self.auto, name) else "auto.now_off"
        self.notify(tr(self.lang, key, name=tr(self.lang, f"auto.{name}")), timeout=2)
        self.refresh_table()

    def action_tracker(self) -> None:
        """剩牌: the unseen tiles, from the private seat's view only."""
        from .tracker import TrackerScreen

        view = getattr(self, "view", None)
        if (
            view is not None
            and self.private_seat is not None
            and self.shows_hand(self.private_seat)
        ):
            self.app.push_screen(TrackerScreen(view.obs))

    def auto_labels(self) -> tuple[str, ...]:
        """The auto options on, as the table shows them beside your name (none for a seat
        that does not decide here: a watcher, a demo)."""
        if not self.interactive:
            return ()
        return tuple(tr(self.lang, f"auto.{n}") for n in self.auto.on())

    PLAY_ACTIONS = (
        *("discard_at", "discard_cursor", "cursor", "choose", "focus_choice", "take_choice"),
        "toggle_auto",
        "tracker",
        "take_back",
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
        if action == "take_back":  # (not while u discards your 17th tile)
            discards = self.hand_view.active and self.hand_view.tile_at(16) is not None
            return not discards and bool(parameters[0]) == self.take_back_on
        return True

    def enter_choice(self) -> ChoiceButton | None:
        """The choice Enter takes: the selected one; with nothing to discard, the first."""
        if isinstance(self.focused, ChoiceButton) and self.focused.is_attached:
            return self.focused
        if self.hand_view.active:
            return None
        buttons = self.part("#choices", ChoicesPanel).buttons()
        return buttons[0] if buttons else None

    def action_take_choice(self, _kind: str) -> None:
        chosen = self.enter_choice()
        if chosen is not None and self.interactive:
            self.act(chosen.action)

    def take_back(self, seat: int) -> int:
        """悔牌 where the table allows it: the tile taken back, or ``IllegalAction``. A seat
        of an online room never may."""
        raise IllegalAction(TAKE_BACK_HERE)

    def action_take_back(self, _listed: int) -> None:
        """u: 悔牌, your last discard back in your hand while nobody has acted on it (a
        refusal says why not)."""
        seat = self.private_seat
        if seat is None or not self.interactive:
            return
        try:
            tile = self.take_back(seat)
        except IllegalAction as refused:
            why = refusal_text(self.lang, refused.refusal)
            self.announce(Line(tr(self.lang, "table.refused", why=why), "error"))
            return
        name = tile_name(tile, self.lang, self.ascii_tiles)
        self.announce(Line(tr(self.lang, "table.taken_back", tile=name), "notice"))

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
        """Enter: the tile under the cursor (with 摸切, the tile just drawn)."""
        view = getattr(self, "view", None)
        drawn = None if view is None else self.auto.discard_on_enter(view.obs)
        seat = self.private_seat
        if drawn is not None and seat is not None and self.interactive:
            self.act(Action(seat, ActionType.DISCARD, drawn))
            return
        self.action_discard_at(self.hand_view.cursor)

    def action_cursor(self, step: int) -> None:
        """Along the hand; with nothing to discard, between the choices."""
        hand = self.hand_view
        if not hand.active and self.part("#choices", ChoicesPanel).buttons():
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
            b
            for b in self.part("#choices", ChoicesPanel).buttons()
            if CHOICE_KEYS[b.action.type] == key
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
        buttons = self.part("#choices", ChoicesPanel).buttons()
        if not buttons:
            return
        focused = self.focused
        if focused in buttons:
            index = (buttons.index(focused) + step) % len(buttons)
        else:
            index = 0 if step > 0 else len(buttons) - 1
        buttons[index].focus()
