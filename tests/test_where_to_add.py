"""The "Where to add" recipes of docs/ARCHITECTURE.md for the engine: a rule switch and a
scoring pattern are each one entry in one table, and every other place reads that table.

Two kinds of check: a structural one (no module outside the table lists the switches or the
patterns itself, so there is no second list to forget), and a simulated addition (a pattern
put into the table here is scored, restricts a discard win and is refused by name, with
nothing else changed). Adding a switch to the pinned records is simulated in
tests/test_pinned_outputs.py; a switch (to the settings, the record header and the help), a
level and a screen, in tests/ui/test_where_to_add_ui.py.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from ningde_tui.rules import scoring
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.refusal import RefusalCode
from ningde_tui.rules.scoring import (
    PATTERN_TABLE,
    SANJINDAO,
    Formula,
    Pattern,
    WinInput,
    WinScore,
    evaluate_win,
)
from ningde_tui.rules.tiles import parse_tile, parse_tiles

PACKAGE = Path(__file__).resolve().parent.parent / "ningde_tui"


def sources(exclude: tuple[str, ...] = ()) -> list[Path]:
    return [
        p
        for p in sorted(PACKAGE.rglob("*.py"))
        if not str(p.relative_to(PACKAGE)).startswith(exclude)
    ]


def listings(
    path: Path, words: set[str], names: dict[str, str], beside: tuple[str, ...] = ()
) -> Iterator[tuple[int, set[str]]]:
    """Every tuple, list, set or dict (keys or values) in the module that holds two or more of
    ``words`` (as strings, or as the module constants ``names`` maps to them), with its line.
    The assignments to ``names`` themselves and to the tables ``beside`` are left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    left_out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets = [t for target in node.targets for t in ast.walk(target)]
            if any(isinstance(t, ast.Name) and (t.id in names or t.id in beside) for t in targets):
                left_out.update(id(n) for n in ast.walk(node))

    def word(node: ast.expr | None) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name | ast.Attribute):
            return names.get(node.id if isinstance(node, ast.Name) else node.attr)
        return None

    for node in ast.walk(tree):
        if id(node) in left_out or not isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict):
            continue
        items = [*node.keys, *node.values] if isinstance(node, ast.Dict) else node.elts
        found = {w for w in map(word, items) if w in words}
        if len(found) >= 2:
            yield node.lineno, found


# ------------------------------------------------------------------------------ a rule switch
def test_no_module_but_the_config_lists_the_rule_switches():
    """A new field of RuleConfig reaches the settings screen, the record header and the rule
    sweeps through ``fields(RuleConfig)``; a list of switch names anywhere else would be a
    place it is forgotten (``READINGS_BY_VERSION`` beside the fields is the one exception)."""
    switches = set(RuleConfig.switches())
    found = {
        f"{path.relative_to(PACKAGE)}:{line}": sorted(words)
        for path in sources(exclude=("rules/config.py",))
        for line, words in listings(path, switches, {})
    }
    assert found == {}


# ------------------------------------------------------------------------------ a pattern
PATTERN_NAMES = {
    name: value
    for name, value in vars(scoring).items()
    if name.isupper() and isinstance(value, str) and value in PATTERN_TABLE
}


def test_no_module_but_the_table_lists_the_patterns():
    """Whatever depends on the set of patterns (the discard-win floor, the refusal's tiers, the
    winner of a discard, the views' names) reads PATTERN_TABLE. The other listings are beside
    it: ``_FITS`` (each special pattern's fit test) and ``_BASE`` (the plain pattern of each
    way of winning). The bots are left out: a bot's plan may name the patterns it plays for
    (and the frozen baseline must not change), and a bot need not know a new pattern to play
    legally."""
    patterns = set(PATTERN_TABLE)
    found = {
        f"{path.relative_to(PACKAGE)}:{line}": sorted(words)
        for path in sources(exclude=("bots/",))
        for line, words in listings(path, patterns, PATTERN_NAMES, beside=("_FITS", "_BASE"))
    }
    assert found == {}


def test_every_pattern_in_the_table_can_be_scored():
    """A pattern in the table is a base pattern of a way of winning, 三金倒, or a special
    pattern with its fit test in ``_FITS`` (without one it would never be scored)."""
    assert set(PATTERN_TABLE) == set(scoring._BASE.values()) | {SANJINDAO} | set(scoring._FITS)


@pytest.fixture
def dummy_pattern(monkeypatch: pytest.MonkeyPatch) -> Pattern:
    """A pattern added as the recipe says: a table entry above every tier, which restricts
    discard wins, and its fit (here: the hand holds an 8m)."""
    top = max(p.tier for p in PATTERN_TABLE.values()) + 1
    dummy = Pattern("dummy", "假番", top, Formula(0, 3, 60), restricts=True)
    monkeypatch.setitem(scoring.PATTERN_TABLE, dummy.key, dummy)
    eight = parse_tile("8m")
    monkeypatch.setitem(scoring._FITS, dummy.key, lambda h: eight in h.w.concealed)
    return dummy


# before the win: 123m 456m 67m 789p 123s 55s, waiting on 5m or 8m (the gold 9s is not held)
WAITING = "123m456m67m789p123s55s"


def win(tile: str, by: str) -> WinScore:
    concealed = (*parse_tiles(WAITING), parse_tile(tile))
    hand = WinInput(concealed, (), parse_tile("9s"), parse_tile(tile), by)
    return evaluate_win(hand)


def test_a_new_pattern_is_scored_with_its_tier(dummy_pattern: Pattern):
    score = win("8m", "self")
    assert score.legal and score.pattern == "dummy" and score.tier == dummy_pattern.tier
    # (0 + 1) × 3 + 60 from the dealer, 0 × 3 + 60 from each of the others
    assert score.total == score.candidates["dummy"] == 183


def test_a_new_pattern_restricts_a_discard_win_and_is_refused_by_name(dummy_pattern: Pattern):
    """rules.md §9: the hand could win as the new pattern on 8m, so on the discard 5m it may
    not win as 平胡; the refusal names it (its key for the views, its name in the text)."""
    assert win("8m", "discard").pattern == "dummy"
    score = win("5m", "discard")
    assert not score.legal and score.refusal is not None
    assert score.refusal.code == RefusalCode.RESTRICTION
    need = {"need": "dummy", "tier": dummy_pattern.tier, "pattern": "pinghu"}
    assert score.refusal.params == need
    assert "假番" in score.refusal.text


def test_without_the_new_pattern_the_same_discard_wins():
    assert win("5m", "discard").legal
