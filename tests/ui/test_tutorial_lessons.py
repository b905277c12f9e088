"""The lessons as data, played headless through the engine: each reaches its goal with its
right decisions under the default rules and with every rule switch flipped (the lessons play
by the defaults, but for the switches they follow: rules.md §6 and §7's readings), plays its
whole bot script, and has every sentence it names in both languages. And the wrapping of
the lessons' Chinese text."""

from __future__ import annotations

import pytest

from ningde_tui.i18n.words import LANGS, STRINGS, unbroken_words
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import RuleEvent
from ningde_tui.ui.model.lessons import LESSONS
from ningde_tui.ui.model.tutorial import Lesson, LessonTable, play_through, room_notes
from ningde_tui.ui.widgets.prose import CLOSING, OPENING, wrap

SWITCHES = RuleConfig.each_switch_flipped()


def sentence_keys(lesson: Lesson) -> set[str]:
    names = {"title", "intro", "summary"} | ({"reading"} if lesson.follows else set())
    for step in lesson.steps:
        names |= {step.goal, step.otherwise} | {w.why for w in step.wrong}
    return {lesson.key(n) for n in names if n}


@pytest.mark.parametrize("rules", SWITCHES.values(), ids=list(SWITCHES))
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda le: le.id)
def test_each_lesson_reaches_its_goal_under_every_reading(lesson: Lesson, rules) -> None:
    table = play_through(lesson, rules)
    assert table.finished and table.done
    assert table.played == len(lesson.script)  # the bots played the whole script


def test_the_lessons_end_as_they_teach() -> None:
    """A won lesson is won by you with the pattern it teaches (rules.md §9, §11)."""
    ends = {}
    for lesson in LESSONS:
        result = play_through(lesson).match.game.result
        ends[lesson.id] = None if result is None else (result.winner, result.by, result.pattern)
    assert ends == {
        "tiles": (0, "self", "zimo"),
        "gold": (0, "self", "zimo"),
        "calls": None,
        "kong": None,
        "after_call": None,
        "rob": (0, "rob", "qiangjin"),
        "three_gold": (0, "self", "jinshun"),
        "jinque": (0, "self", "jinque"),
        "qingyise": (0, "discard", "qingyise"),
        "dandiao": (0, "discard", "dandiao"),
        "lock": (0, "self", "zimo"),
        "wall_end": (0, "self", "zimo"),
        "chouzhuang": (None, None, "draw"),
        "result": (0, "self", "zimo"),
    }


def test_the_rule_events_the_lessons_show() -> None:
    """The 金雀 lesson meets the restriction, the lock lesson the lock (rules.md §9), the
    end of the wall the last round (§6), the foul deal 臭庄 (§7)."""
    events = {le.id: play_through(le).match.game.result for le in LESSONS}
    assert RuleEvent.RESTRICTED in events["jinque"].events
    assert RuleEvent.LOCK in events["lock"].events
    assert RuleEvent.LAST_ROUND in events["wall_end"].events
    assert RuleEvent.CHOUZHUANG in events["chouzhuang"].events
    assert RuleEvent.DECLINED_THREE_GOLD in events["three_gold"].events


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda le: le.id)
def test_every_sentence_a_lesson_names_is_there(lesson: Lesson, lang: str) -> None:
    missing = sorted(k for k in sentence_keys(lesson) if k not in STRINGS[lang])
    assert missing in ([], [lesson.key("reading")])  # its own frame of the reading is optional


def test_no_lesson_sentence_is_left_unused() -> None:
    used = set().union(*(sentence_keys(le) for le in LESSONS))
    written = {k for k in STRINGS["zh"] if k.startswith("lesson.") and k.count(".") == 2}
    assert written - used == set()


def test_the_rooms_reading_is_told_from_its_switches() -> None:
    """The 臭庄 lesson (rules.md §7) and the end of the wall (§4's flipped tile at the
    tail) say the reading the room's rules are set to; a lesson whose rule the room plays
    otherwise says so."""
    lesson = {le.id: le for le in LESSONS}
    assert room_notes(lesson["chouzhuang"], RuleConfig(), "zh") == [
        "本房间的读法：本局作废，像流局一样不计分，下局庄家连庄。"
    ]
    assert room_notes(lesson["chouzhuang"], RuleConfig(chouzhuang_ends_hand=False), "en") == [
        "This room's reading: play goes on, and the dealer streak rises by one at once."
    ]
    assert room_notes(lesson["wall_end"], RuleConfig(indicator_in_play=True), "zh") == [
        "翻出的那张金算不算在牌墙里？本房间：翻出的那张留在牌尾，下一次从牌尾补牌就摸到它，算一张金。"
    ]
    assert room_notes(lesson["lock"], RuleConfig(), "zh") == []
    assert room_notes(lesson["lock"], RuleConfig(single_wait_lock=False), "zh") == [
        "你的房间规则和这一课不同：单钓/闲金时他家只能自摸：关"
    ]
    # the lesson plays by its own reading of that switch, the room's by the room's
    assert LessonTable(lesson["lock"], RuleConfig(single_wait_lock=False)).config.single_wait_lock
    assert not LessonTable(
        lesson["chouzhuang"], RuleConfig(chouzhuang_ends_hand=False)
    ).config.chouzhuang_ends_hand


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda le: le.id)
@pytest.mark.parametrize("width", [40, 61, 100])
def test_chinese_wraps_between_characters_not_at_the_first_space(lesson, width) -> None:
    text = STRINGS["zh"][lesson.key("intro")]
    lines = wrap(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(sum(2 if ord(c) > 0x2E80 else 1 for c in line) <= width for line in lines)
    assert all(line[:1] not in CLOSING and line[-1:] not in OPENING for line in lines)
    # every line but the last is filled to within a word's width: a game's word is kept whole
    # with the marks that cling to it («「最后一出」：», 14 cells)
    assert all(sum(2 if ord(c) > 0x2E80 else 1 for c in line) >= width - 14 for line in lines[:-1])
    # and none is broken inside one of the game's words
    for upper, lower in zip(lines, lines[1:], strict=False):
        assert not any(
            upper.endswith(word[:cut]) and lower.startswith(word[cut:])
            for word in unbroken_words()
            for cut in range(1, len(word))
        ), (upper, lower)


def test_english_wraps_between_words() -> None:
    assert wrap("Discard the 9p, which fits nothing.", 16) == [
        "Discard the 9p,",
        "which fits",
        "nothing.",
    ]


def test_the_single_wait_lesson_counts_the_tiles_it_says_are_unseen() -> None:
    """It keeps the 5m because two are unseen and one 9s is (the sentence says so)."""
    from ningde_tui.rules.tiles import parse_tile

    table = LessonTable(next(le for le in LESSONS if le.id == "dandiao"))
    obs = table.observation()
    seen = [t for pond in obs.ponds for t in pond] + list(obs.hand) + list(obs.set_aside)
    seen += [t for melds in obs.melds for meld in melds for t in meld.tiles]
    assert 4 - seen.count(parse_tile("5m")) == 2 and 4 - seen.count(parse_tile("9s")) == 1
    assert "两张" in STRINGS["zh"]["lesson.dandiao.goal2"]
