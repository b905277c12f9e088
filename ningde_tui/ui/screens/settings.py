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

from ...rules.config import RuleConfig
from ..model.i18n import LANGS, tr
from ..model.match import PACES
from ..model.settings import TABLE_SWITCHES, TILE_STYLES, Settings, room_rule_names
from .base import PlayerModal


def on_off(lang: str, value: bool) -> str:
    return tr(lang, "settings.on" if value else "settings.off")


def rules_summary(rules: RuleConfig, lang: str) -> str:
    """房间规则 in a line: the switches that differ from the defaults, or 默认."""
    default = RuleConfig()
    changed = [
        f"{tr(lang, f'rule.{name}')} {on_off(lang, getattr(rules, name))}"
        for name in room_rule_names()
        if getattr(rules, name) != getattr(default, name)
    ]
    return " · ".join(changed) if changed else tr(lang, "settings.rules_default")


class SettingsScreen(PlayerModal[Settings | None]):
    """Dismissed with the new settings (saved by the app), or None when cancelled."""

    CSS_PATH = "settings.tcss"
    BINDINGS = [Binding("escape", "cancel", "key.close", key_display="Esc")]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        lang, s = self.lang, self.settings
        with VerticalScroll(id="settings-box") as box:
            box.border_title = tr(lang, "settings.title")
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
                    yield Label(tr(lang, f"settings.{name}"))
                    yield Switch(value=getattr(s, name), id=f"set-{name}")
                    yield Static(
                        tr(lang, "settings.default", value=on_off(lang, getattr(defaults, name))),
                        classes="switch-default",
                    )
            yield Static(tr(lang, "settings.rules"), classes="settings-title")
            default = RuleConfig()
            with Grid(classes="settings-grid rules-grid"):
                for name in room_rule_names():
                    yield Label(tr(lang, f"rule.{name}"))
                    yield Switch(value=getattr(s.rules, name), id=f"rule-{name}")
                    yield Static(
                        tr(lang, "settings.default", value=on_off(lang, getattr(default, name))),
                        classes="rule-default",
                    )
            with Horizontal(classes="settings-buttons"):
                yield Button(tr(lang, "settings.save"), id="save", variant="success", compact=True)
                yield Button(tr(lang, "settings.defaults"), id="defaults", compact=True)
                yield Button(tr(lang, "settings.cancel"), id="cancel", compact=True)

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
