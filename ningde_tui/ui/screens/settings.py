"""Settings (设置): the bots' pace, the language, the tile style, the table's switches (hints,
the cue when it is your move, the auto options), and the room rules — every switch of
``RuleConfig`` — each switch with its default. Saved in the user's config folder; the room
rules apply to the games started after, and are written into their records."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.widgets import Button, Label, Select, Static, Switch

from ...i18n.words import LANGS, tr
from ...rules.config import RuleConfig
from ...settings.store import (
    TABLE_SWITCHES,
    TILE_STYLES,
    Settings,
    on_off,
    room_rule_names,
)
from ...table.presets import PACES
from ..widgets.keybar import KeyBar
from .base import PlayerModal, arrow_bindings, arrow_focus


class SettingsScreen(PlayerModal[Settings | None]):
    """Dismissed with the new settings (saved by the app), or None when cancelled."""

    CSS_PATH = "settings.tcss"
    BINDINGS = [Binding("escape", "cancel", "key.close", key_display="Esc"), *arrow_bindings()]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        lang, s = self.lang, self.settings
        with VerticalScroll(id="settings-box", classes="focus-form") as box:
            box.border_title = tr(lang, "settings.title")
            box.can_focus = False  # the focus starts on the first choice, not the box
            with Grid(classes="settings-grid"):
                choices = (
                    ("pace", [(tr(lang, f"pace.{p}"), p) for p in PACES], s.pace),
                    ("lang", [(tr(lang, f"lang.{code}"), code) for code in LANGS], s.lang),
                    ("tiles", [(tr(lang, f"tiles.{t}"), t) for t in TILE_STYLES], s.tiles),
                )
                for name, options, value in choices:
                    yield Label(tr(lang, f"settings.{name}"))
                    yield Select(
                        options, value=value, allow_blank=False, id=f"set-{name}", compact=True
                    )
            yield Static(tr(lang, "settings.table"), classes="settings-title")
            defaults = Settings()
            with Grid(classes="settings-grid rules-grid"):
                for name in TABLE_SWITCHES:
                    yield from self.switch_row(
                        f"settings.{name}",
                        f"set-{name}",
                        getattr(s, name),
                        getattr(defaults, name),
                        "switch-default",
                    )
            yield Static(tr(lang, "settings.rules"), classes="settings-title")
            default = RuleConfig()
            with Grid(classes="settings-grid rules-grid"):
                for name in room_rule_names():
                    yield from self.switch_row(
                        f"rule.{name}",
                        f"rule-{name}",
                        getattr(s.rules, name),
                        getattr(default, name),
                        "rule-default",
                    )
            with Horizontal(classes="settings-buttons"):
                yield Button(tr(lang, "settings.save"), id="save", variant="success", compact=True)
                yield Button(tr(lang, "settings.defaults"), id="defaults", compact=True)
                yield Button(tr(lang, "settings.cancel"), id="cancel", compact=True)
        yield KeyBar()  # its own keys, not those of the screen beneath

    def switch_row(
        self, label: str, switch_id: str, value: bool, default: bool, default_class: str
    ) -> ComposeResult:
        """One switch: its name, the switch, 开/关 in words (following the switch) and its
        default."""
        lang = self.lang
        yield Label(tr(lang, label))
        yield Switch(value=value, id=switch_id)
        yield Static(on_off(lang, value), id=f"{switch_id}-now", classes=self.now_class(value))
        yield Static(
            tr(lang, "settings.default", value=on_off(lang, default)), classes=default_class
        )

    @staticmethod
    def now_class(value: bool) -> str:
        return "switch-now -on" if value else "switch-now"

    @on(Switch.Changed)
    def _switched(self, event: Switch.Changed) -> None:
        """The words beside a switch follow it."""
        words = self.query_one(f"#{event.switch.id}-now", Static)
        words.update(on_off(self.lang, event.value))
        words.set_class(event.value, "-on")

    def action_arrow_focus(self, dx: int, dy: int) -> None:
        """↑/↓ from switch to switch and on to the buttons, ←/→ between the buttons (in a
        choice they are its own)."""
        arrow_focus(self, dx, dy, (Button, Switch))

    def chosen(self) -> Settings:
        rules = {name: self.query_one(f"#rule-{name}", Switch).value for name in room_rule_names()}
        switches: dict[str, Any] = {
            name: self.query_one(f"#set-{name}", Switch).value for name in TABLE_SWITCHES
        }
        return Settings(
            pace=str(self.query_one("#set-pace", Select).value),
            lang=str(self.query_one("#set-lang", Select).value),
            tiles=str(self.query_one("#set-tiles", Select).value),
            rules=replace(self.settings.rules, **rules),
            **switches,
        )

    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        self.dismiss(self.chosen())

    @on(Button.Pressed, "#defaults")
    def _defaults(self) -> None:
        """Every switch back to its default (saved only with 保存)."""
        default = Settings()
        self.query_one("#set-pace", Select).value = default.pace
        self.query_one("#set-tiles", Select).value = default.tiles
        for name in TABLE_SWITCHES:
            self.query_one(f"#set-{name}", Switch).value = getattr(default, name)
        for name in room_rule_names():
            self.query_one(f"#rule-{name}", Switch).value = getattr(default.rules, name)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
