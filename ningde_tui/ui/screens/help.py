"""Help: the rules of 宁德麻将 in brief, as the room's rules set them, and every key.

The summary is ``help_zh.md`` / ``help_en.md``; where a sentence depends on a rule switch
(``RuleConfig``), the page holds ``{<switch>}`` and the sentence is the switch's
``help.<switch>.on`` / ``.off`` in ``i18n.WORDS``, chosen by the rules the help is shown for
(the settings' room rules), so the help cannot say otherwise than the game does.
"""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from ...i18n.words import tr
from ...rules.config import RuleConfig
from ..widgets.keybar import KeyBar
from .base import PlayerModal


def rule_sentences(rules: RuleConfig, lang: str) -> dict[str, str]:
    """Each switch's sentence for the help, as ``rules`` set it (by switch name)."""
    out = {
        name: tr(lang, f"help.{name}.{'on' if getattr(rules, name) else 'off'}")
        for name in RuleConfig.switches()
    }
    if rules.chouzhuang_ends_hand:  # a dead hand raises the streak as a 流局 does
        out["chouzhuang_streak"] = ""
    return out


def rules_markdown(rules: RuleConfig, lang: str) -> str:
    """The rules summary in ``lang``, its rule-dependent sentences as ``rules`` set them."""
    page = (files("ningde_tui.ui") / f"help_{lang}.md").read_text(encoding="utf-8")
    return page.format(**rule_sentences(rules, lang))


def help_markdown(lang: str, rules: RuleConfig | None = None) -> str:
    """The rules summary (for ``rules``, by default the defaults) and the keys."""
    text = rules_markdown(rules or RuleConfig(), lang)
    return text + "\n\n## " + tr(lang, "help.keys") + "\n\n" + keys_markdown(lang)


def keys_markdown(lang: str) -> str:
    rows = [
        tr(lang, "key.arrows"),
        tr(lang, "key.keys_list"),
        tr(lang, "key.choice_keys"),
        tr(lang, "key.auto_keys"),
        tr(lang, "key.legend"),
        f"h: {tr(lang, 'key.hints')} · i: {tr(lang, 'key.side')} · f: {tr(lang, 'key.pace')} · "
        f"?/F1: {tr(lang, 'key.help')} · "
        f"Ctrl+P: {tr(lang, 'cmd.new')}, {tr(lang, 'cmd.help')}, {tr(lang, 'cmd.hints')} · "
        f"Ctrl+Q: {tr(lang, 'key.quit')}",
    ]
    return "\n".join(f"- {row}" for row in rows)


class HelpScreen(PlayerModal[None]):
    """The help for ``rules`` (by default the room rules of the app's settings)."""

    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape,q,question_mark", "dismiss", "key.close", key_display="Esc"),
    ]

    def __init__(self, rules: RuleConfig | None = None) -> None:
        super().__init__()
        settings = getattr(self.app, "settings", None)
        self.rules = rules or getattr(settings, "rules", None) or RuleConfig()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_title = tr(self.lang, "help.title")
            box.border_subtitle = tr(self.lang, "help.close")
            yield Markdown(help_markdown(self.lang, self.rules))
        yield KeyBar()  # its own keys, not those of the screen beneath
