"""Paragraphs of running text that wrap as each language does: English between words,
Chinese between any two characters (never before a closing mark such as ，。：）」, never after
an opening one, never inside one of the game's words: 八万, 普通, 三金倒). Rich and Textual
wrap only at spaces, so a Chinese sentence with a number or a key letter in it (``按 m 胡``,
``共 112 张``) broke at that space and left half a line empty, and one without a space is cut
wherever the line ends (八 / 万). The table's log wraps its lines here too.

``Prose`` holds its paragraphs as one immutable ``ProseState`` (each a text and its Rich
style) and draws them wrapped to its width; its height follows the wrapped lines.
``ProseContent`` draws a Textual Content (the help's Markdown paragraphs) wrapped so."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widget import Widget

from ...i18n.words import unbroken_words

CLOSING = set("，。、：；！？）」』》〉】,.:;!?)")  # no line starts with these
OPENING = set("（「『《〈【(")  # and none ends with these


def cells(ch: str) -> int:
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def _may_break_before(text: str, i: int) -> bool:
    before, here = text[i - 1], text[i]
    if here in CLOSING or before in OPENING:
        return False
    return before == " " or cells(before) == 2 or cells(here) == 2


@lru_cache(maxsize=1)
def _words() -> tuple[str, ...]:
    return tuple(sorted(unbroken_words(), key=len, reverse=True))


def inside_words(text: str) -> set[int]:
    """The indices of ``text`` that continue one of the game's words (``八万``'s 万): no line
    breaks before them."""
    inside: set[int] = set()
    for word in _words():
        at = text.find(word)
        while at >= 0:
            inside.update(range(at + 1, at + len(word)))
            at = text.find(word, at + 1)
    return inside


def break_offsets(text: str, width: int) -> list[int]:
    """Where one paragraph breaks into lines of at most ``width`` cells (a word longer than
    a line is cut)."""
    width = max(width, 4)
    offsets: list[int] = []
    start, used, cut = 0, 0, 0  # the line's first index, its cells, where it may break
    inside = inside_words(text) if any(cells(ch) == 2 for ch in text) else set()
    for i, ch in enumerate(text):
        if i > start and i not in inside and _may_break_before(text, i):
            cut = i
        if used + cells(ch) > width and text[start:i].strip():
            start = cut if cut > start else i
            offsets.append(start)
            used = sum(map(cells, text[start:i]))
        used += cells(ch)
    return offsets


Styled = TypeVar("Styled", Text, Content)


def wrapped(text: Styled, width: int) -> list[Styled]:
    """One paragraph (a Rich Text or a Textual Content, its styles kept) in lines of at most
    ``width`` cells."""
    lines = []
    for line in text.divide(break_offsets(text.plain, width)):
        plain = line.plain
        start = len(plain) - len(plain.lstrip(" "))
        lines.append(line[start : max(start, len(plain.rstrip()))])
    return lines


def wrap(text: str, width: int) -> list[str]:
    """``text`` (paragraphs split at newlines) in lines of at most ``width`` cells."""
    return [line.plain for para in text.split("\n") for line in wrapped(Text(para), width)]


Span = tuple[str, str]  # a text and its Rich style


@dataclass(frozen=True)
class ProseState:
    """The paragraphs, each one or more spans of text with their styles."""

    paragraphs: tuple[tuple[Span, ...], ...] = ()


class Prose(Widget):
    DEFAULT_CSS = "Prose { height: auto; }"
    state: reactive[ProseState] = reactive(ProseState, layout=True)

    def lines(self, width: int) -> list[Text]:
        out: list[Text] = []
        for spans in self.state.paragraphs:
            para = Text()
            for text, style in spans:
                para.append(text, style=style)
            out += wrapped(para, width)
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.content_size.width))


def prose(text: str, style: str = "", *, id: str | None = None, classes: str = "") -> Prose:
    """Paragraphs (one a line of ``text``) in one style, wrapped as the language wraps."""
    widget = Prose(id=id, classes=classes)
    widget.set_reactive(
        Prose.state, ProseState(tuple(((para, style),) for para in text.split("\n")))
    )
    return widget


class ProseContent(Visual):
    """A Textual Content (a Markdown paragraph) drawn in the lines ``wrapped`` makes of it, as
    Textual would draw those lines: Textual breaks a line only at a space, so its Chinese was
    cut wherever the line ended (放一 / 边) and broke early at a space (``▄▄ 剩一张``)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._lines: tuple[int, Content] | None = None

    def lines(self, width: int) -> Content:
        """The content, wrapped to ``width`` cells, as one Content of lines."""
        if self._lines is None or self._lines[0] != width:
            rows = [
                row
                for para in self.content.split("\n", allow_blank=True)
                for row in wrapped(para, width)
            ]
            self._lines = (width, Content("\n").join(rows))
        return self._lines[1]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        pad = options.rules.get("line_pad", 0) * 2
        return self.lines(width - pad).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        pad = rules.get("line_pad", 0) * 2
        return self.lines(width - pad).get_height(rules, width)
