"""The player's settings, kept between runs in the user's config folder
(``platformdirs.user_config_dir("ningde-tui")/settings.json``; ``NINGDE_CONFIG_DIR`` overrides
the folder): the bots' pace, the language, the tile style, hints on or off, and the room rules
(every switch of ``RuleConfig``, the 圈 per session excepted: the start screen asks that).

Command-line options win over the settings for that run. A missing or unreadable file gives
the defaults; a file that cannot be written leaves the settings in force for this run only.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import platformdirs

from ...rules.config import RuleConfig
from .i18n import LANGS
from .match import PACES

ENV_CONFIG_DIR = "NINGDE_CONFIG_DIR"
TILE_STYLES = ("cjk", "ascii")  # 五万 / 5m
SESSION_FIELDS = ("rounds",)  # RuleConfig fields chosen per game, not in the room rules


def config_dir() -> Path:
    override = os.environ.get(ENV_CONFIG_DIR)
    return Path(override) if override else Path(platformdirs.user_config_dir("ningde-tui"))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def room_rule_names() -> list[str]:
    """The switches of the room rules, in RuleConfig's order."""
    return [f.name for f in fields(RuleConfig) if f.name not in SESSION_FIELDS]


@dataclass(frozen=True)
class Settings:
    pace: str = "normal"
    lang: str = "zh"
    tiles: str = "cjk"
    hints: bool = True
    rules: RuleConfig = field(default_factory=RuleConfig)

    def to_dict(self) -> dict[str, Any]:
        rules = self.rules.to_dict()
        return {
            "pace": self.pace,
            "lang": self.lang,
            "tiles": self.tiles,
            "hints": self.hints,
            "rules": {name: rules[name] for name in room_rule_names()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Known fields with valid values are taken; anything else keeps its default (a file
        written by a newer or older version still loads)."""
        out = cls()
        if data.get("pace") in PACES:
            out = replace(out, pace=data["pace"])
        if data.get("lang") in LANGS:
            out = replace(out, lang=data["lang"])
        if data.get("tiles") in TILE_STYLES:
            out = replace(out, tiles=data["tiles"])
        if isinstance(data.get("hints"), bool):
            out = replace(out, hints=data["hints"])
        rules = data.get("rules")
        if isinstance(rules, dict):
            known = {k: v for k, v in rules.items() if k in room_rule_names()}
            try:
                out = replace(out, rules=RuleConfig.from_dict(known))
            except ValueError:
                pass
        return out

    def rule_config(self, rounds: int) -> RuleConfig:
        """The room rules for a session of ``rounds`` 圈."""
        return replace(self.rules, rounds=rounds)


def load_settings(path: Path | None = None) -> Settings:
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    return Settings.from_dict(data) if isinstance(data, dict) else Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings (raises OSError when the folder cannot be written)."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(settings.to_dict(), ensure_ascii=False, indent=2), encoding="utf-8")
    tmp.replace(path)
