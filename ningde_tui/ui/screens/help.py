"""Help: the rules of 宁德麻将 in brief, as the room's rules set them, and every key.

The summary is ``help_zh.md`` / ``help_en.md``; where a sentence depends on a rule switch
(``RuleConfig``), the page holds ``{<switch>}`` and the sentence is the switch's
``help.<switch>.on`` / ``.off`` in ``i18n.WORDS``, chosen by the rules the help is shown for
(the settings' room rules), so the help cannot say otherwise than the game does. A switch the
pages do not place (a new one, whose default plays as the pages tell the game) is listed
after the summary when the rules set it otherwise than its default, by its label.
"""

from __future__ import annotations

from importlib.resources import files
from string import Formatter
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.visual import Visual
from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

from ...i18n.words import switch_sentence, tr
from ...rules.config import RuleConfig
from ..widgets.keybar import KeyBar
from ..widgets.prose import ProseContent
from .base import PlayerModal


def rule_sentences(rules: RuleConfig, lang: str) -> dict[str, str]:
    """Each switch's sentence for the help, as ``rules`` set it (by switch name)."""
    out = {
        name: switch_sentence(name, getattr(rules, name), lang) for name in RuleConfig.switches()
    }
    if rules.chouzhuang_ends_hand:  # a dead hand raises the streak as a 流局 does
        out["chouzhuang_streak"] = ""
    return out


def help_page(lang: str) -> str:
    """The rules summary in ``lang`` as written, with its ``{<switch>}`` places."""
    return (files("ningde_tui.ui") / f"help_{lang}.md").read_text(encoding="utf-8")


def placed_switches(lang: str) -> list[str]:
    """The names the help page in ``lang`` has a place for, in the page's order."""
    return [name for _, name, _, _ in Formatter().parse(help_page(lang)) if name]


def rules_markdown(rules: RuleConfig, lang: str) -> str:
    """The rules summary in ``lang``, its rule-dependent sentences as ``rules`` set them, then
    each switch it has no place for that ``rules`` set otherwise than its default."""
    sentences = rule_sentences(rules, lang)
    text = help_page(lang).format(**sentences)
    placed, default = set(placed_switches(lang)), RuleConfig()
    others = [
        sentences[name]
        for name in RuleConfig.switches()
        if name not in placed and getattr(rules, name) != getattr(default, name)
    ]
    if not others:
        return text
    listed = "\n".join(f"- {sentence}" for sentence in others)
    return f"{text.rstrip()}\n\n**{tr(lang, 'help.other_rules')}**\n\n{listed}\n"


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


if TYPE_CHECKING:
    Paragraph = MarkdownBlock
else:  # Textual's own paragraph (a list item's text is one too), which it does not export
    Paragraph = Markdown.BLOCKS["paragraph_open"]


class ProseParagraph(Paragraph):
    """A paragraph of the help wrapped as the tutorial's prose is: Chinese between any two
    characters but never inside one of the game's words, English between words."""

    def render(self) -> Visual | Content:
        content = self.visual
        return ProseContent(content) if isinstance(content, Content) else content


class HelpMarkdown(Markdown):
    BLOCKS = {**Markdown.BLOCKS, "paragraph_open": ProseParagraph}


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
            yield HelpMarkdown(help_markdown(self.lang, self.rules))
        yield KeyBar()  # its own keys, not those of the screen beneath
