"""The player's settings, kept between runs in the user's config folder
(``platformdirs.user_config_dir("ningde-tui")/settings.json``; ``NINGDE_CONFIG_DIR`` overrides
the folder): the bots' pace, the language, the tile style, the table's switches (hints, the
cue when it is your move, the auto options), and the room rules (every switch of
``RuleConfig``, the 圈 per session excepted: the start screen asks that).

Command-line options win over the settings for that run. A missing or unreadable file gives
the defaults; a file that cannot be written leaves the settings in force for this run only.
The tutorial's progress (the lessons done) is a small file of its own beside it,
``lessons.json``, read and written the same way; so is the lobby last used (在线大厅: the
server's address and the player's name there), ``lobby.json``; and the auto options the
player last set at a table with keys, with the record of that game, ``table_auto.json``: a
game continued (继续上一局) plays on with them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import platformdirs

from ..i18n.words import LANGS, tr
from ..records.files import load_json
from ..rules.config import RuleConfig
from ..table.auto import AUTO_OPTIONS, AutoPlay
from ..table.presets import PACES

ENV_CONFIG_DIR = "NINGDE_CONFIG_DIR"
TILE_STYLES = ("cjk", "ascii")  # 五万 / 5m
SESSION_FIELDS = ("rounds",)  # RuleConfig fields chosen per game, not in the room rules
# the table's on/off switches: hints, a bell and a flash when you must decide, the auto options,
# 悔牌 (taking back your last discard, against bots)
TABLE_SWITCHES = ("hints", "bell", "flash", *AUTO_OPTIONS, "take_back")


def config_dir() -> Path:
    override = os.environ.get(ENV_CONFIG_DIR)
    return Path(override) if override else Path(platformdirs.user_config_dir("ningde-tui"))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def room_rule_names() -> list[str]:
    """The switches of the room rules, in RuleConfig's order."""
    return [f.name for f in fields(RuleConfig) if f.name not in SESSION_FIELDS]


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


MAX_SETTINGS_BYTES = 64 * 1024  # the file is a few hundred bytes


@dataclass(frozen=True)
class Settings:
    pace: str = "normal"
    lang: str = "zh"
    tiles: str = "cjk"
    hints: bool = True
    bell: bool = False
    flash: bool = False
    auto_win: bool = False
    no_chi: bool = False
    auto_pass: bool = False
    draw_discard: bool = False
    take_back: bool = False  # 悔牌: u takes back your last discard, against bots only
    rules: RuleConfig = field(default_factory=RuleConfig)
    # what of the file could not be used and was left at its default (said once, at start)
    problems: tuple[str, ...] = field(default=(), compare=False)

    def to_dict(self) -> dict[str, Any]:
        rules = self.rules.to_dict()
        return {
            "pace": self.pace,
            "lang": self.lang,
            "tiles": self.tiles,
            **{name: getattr(self, name) for name in TABLE_SWITCHES},
            "rules": {name: rules[name] for name in room_rule_names()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Known fields with valid values are taken; anything else keeps its default (a file
        written by a newer or older version still loads). A known field with a value of the
        wrong kind is named in ``problems``."""
        taken: dict[str, Any] = {}
        problems: list[str] = []
        for name, allowed in (("pace", PACES), ("lang", LANGS), ("tiles", TILE_STYLES)):
            value = data.get(name)
            if isinstance(value, str) and value in allowed:
                taken[name] = value
            elif name in data:
                problems.append(name)
        for name in TABLE_SWITCHES:
            if isinstance(data.get(name), bool):
                taken[name] = data[name]
            elif name in data:
                problems.append(name)
        rules = data.get("rules", {})
        if isinstance(rules, dict):
            good: dict[str, Any] = {}
            for name in room_rule_names():
                if name not in rules:
                    continue
                try:
                    RuleConfig.from_dict({name: rules[name]})
                except ValueError:
                    problems.append(f"rules.{name}")
                else:
                    good[name] = rules[name]
            taken["rules"] = RuleConfig.from_dict(good)
        else:
            problems.append("rules")
        return cls(**taken, problems=tuple(problems))

    def auto_play(self) -> AutoPlay:
        """The auto options a table starts with."""
        return AutoPlay(**{name: getattr(self, name) for name in AUTO_OPTIONS})

    def rule_config(self, rounds: int) -> RuleConfig:
        """The room rules for a session of ``rounds`` 圈."""
        return replace(self.rules, rounds=rounds)


def read_json(path: Path, limit: int) -> tuple[object, str | None] | None:
    """A file of the settings folder: its JSON, or why it cannot be used (not JSON, too
    large, not a regular file: a FIFO or a link to a device is never waited on or read
    without end); None where there is no file."""
    try:
        return load_json(path, limit), None
    except FileNotFoundError:
        return None
    except OSError as exc:
        return None, exc.strerror or str(exc)
    except ValueError as exc:
        return None, f"not JSON ({exc})"


def write_json(path: Path, data: object) -> None:
    """Write a file of the settings folder whole, or not at all (raises OSError when the
    folder cannot be written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    tmp.replace(path)


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings; the defaults where the file is missing, and also, named in
    ``problems``, where it cannot be used (``read_json``)."""
    read = read_json(path or settings_path(), MAX_SETTINGS_BYTES)
    if read is None:
        return Settings()
    data, problem = read
    if problem is not None:
        return Settings(problems=(problem,))
    if not isinstance(data, dict):
        return Settings(problems=("not a JSON object",))
    return Settings.from_dict(data)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings (raises OSError when the folder cannot be written)."""
    write_json(path or settings_path(), settings.to_dict())


# ---------------------------------------------------------------- the tutorial's progress
MAX_PROGRESS_BYTES = 16 * 1024  # a list of a few lesson ids


def progress_path() -> Path:
    """The lessons of the tutorial done so far, in a file of their own beside the settings."""
    return config_dir() / "lessons.json"


@dataclass(frozen=True)
class LessonProgress:
    """The ids of the lessons done, and why the file could not be used (None: it could, or
    there is none yet)."""

    done: frozenset[str] = frozenset()
    problem: str | None = None


def load_progress(path: Path | None = None) -> LessonProgress:
    """The lessons done; none (with the ``problem`` named) where the file cannot be used."""
    read = read_json(path or progress_path(), MAX_PROGRESS_BYTES)
    if read is None:
        return LessonProgress()
    data, problem = read
    if problem is not None:
        return LessonProgress(problem=problem)
    done = data.get("done") if isinstance(data, dict) else None
    if not isinstance(done, list) or not all(isinstance(x, str) for x in done):
        return LessonProgress(problem="not a list of lessons")
    return LessonProgress(frozenset(done))


def save_progress(done: frozenset[str], path: Path | None = None) -> None:
    """Write the lessons done (raises OSError when the folder cannot be written)."""
    write_json(path or progress_path(), {"done": sorted(done)})


# ---------------------------------------------------------------- the lobby last used
MAX_LOBBY_BYTES = 16 * 1024  # an address and a name
MAX_LOBBY_URL = 300  # characters of a remembered address


def lobby_memory_path() -> Path:
    """The community server last connected to (在线大厅) and the name used there, in a file of
    their own beside the settings (the name's key is kept per server in the data folder)."""
    return config_dir() / "lobby.json"


@dataclass(frozen=True)
class LobbyMemory:
    """The lobby's address and the player's name there, as last used ("": none yet)."""

    url: str = ""
    name: str = ""


def load_lobby_memory(path: Path | None = None) -> LobbyMemory:
    """The lobby last used; nothing where the file is missing or cannot be used."""
    read = read_json(path or lobby_memory_path(), MAX_LOBBY_BYTES)
    if read is None or read[1] is not None or not isinstance(read[0], dict):
        return LobbyMemory()
    data = read[0]
    url, name = data.get("url"), data.get("name")
    return LobbyMemory(
        url if isinstance(url, str) and len(url) <= MAX_LOBBY_URL else "",
        name if isinstance(name, str) and len(name) <= MAX_LOBBY_URL else "",
    )


def save_lobby_memory(memory: LobbyMemory, path: Path | None = None) -> None:
    """Remember the lobby (raises OSError when the folder cannot be written)."""
    write_json(path or lobby_memory_path(), {"url": memory.url, "name": memory.name})


# ---------------------------------------------------------------- a game's own auto options
MAX_TABLE_AUTO_BYTES = 16 * 1024  # a record's path and four switches


def table_auto_path() -> Path:
    return config_dir() / "table_auto.json"


def load_table_auto(record: Path, path: Path | None = None) -> AutoPlay | None:
    """The auto options last set at the table of the game recorded in ``record``; None when
    the last ones set were another game's, or nothing usable is kept."""
    read = read_json(path or table_auto_path(), MAX_TABLE_AUTO_BYTES)
    if read is None or read[1] is not None or not isinstance(read[0], dict):
        return None
    data = read[0]
    auto = data.get("auto")
    if data.get("record") != str(record) or not isinstance(auto, dict):
        return None
    if not all(isinstance(auto.get(name), bool) for name in AUTO_OPTIONS):
        return None
    return AutoPlay(**{name: auto[name] for name in AUTO_OPTIONS})


def save_table_auto(record: Path, auto: AutoPlay, path: Path | None = None) -> None:
    """Keep the auto options set at the table of the game recorded in ``record`` (raises
    OSError when the folder cannot be written)."""
    options = {name: getattr(auto, name) for name in AUTO_OPTIONS}
    write_json(path or table_auto_path(), {"record": str(record), "auto": options})


def command_look(lang: str | None) -> tuple[str, bool]:
    """The language and tile style (tiles as 5m?) a command's text output is in: ``lang``
    if given, else the settings' language; tiles as the settings draw them (5m in English)."""
    from ..settings.store import load_settings  # settings imports this module

    settings = load_settings()
    chosen = lang or settings.lang
    return chosen, chosen == "en" or settings.tiles == "ascii"
