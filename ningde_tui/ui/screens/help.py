"""Help: the rules of 宁德麻将 in brief (from the user's rules page) and every key."""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from ..model.i18n import tr
from .base import PlayerModal


def help_markdown(lang: str) -> str:
    """The rules summary (always in Chinese, with an English one for --lang en) and the keys."""
    pkg = files("ningde_tui.ui")
    text = (pkg / "help_zh.md").read_text(encoding="utf-8")
    if lang == "en":
        text = (pkg / "help_en.md").read_text(encoding="utf-8") + "\n\n---\n\n" + text
    return text + "\n\n## " + tr(lang, "help.keys") + "\n\n" + keys_markdown(lang)


def keys_markdown(lang: str) -> str:
    rows = [
        tr(lang, "key.arrows"),
        tr(lang, "key.keys_list"),
        tr(lang, "key.choice_keys"),
        tr(lang, "key.legend"),
        f"h: {tr(lang, 'key.hints')} · i: {tr(lang, 'key.side')} · f: {tr(lang, 'key.pace')} · "
        f"?/F1: {tr(lang, 'key.help')} · "
        f"Ctrl+P: {tr(lang, 'cmd.new')}, {tr(lang, 'cmd.help')}, {tr(lang, 'cmd.hints')} · "
        f"Ctrl+Q: {tr(lang, 'key.quit')}",
    ]
    return "\n".join(f"- {row}" for row in rows)


class HelpScreen(PlayerModal[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape,q,question_mark", "dismiss", "key.close", key_display="Esc"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_title = tr(self.lang, "help.title")
            box.border_subtitle = tr(self.lang, "help.close")
            yield Markdown(help_markdown(self.lang))
