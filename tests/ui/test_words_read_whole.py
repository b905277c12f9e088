"""Words the player reads whole: the settings' labels uncut at every size the table is made
for, in both languages; no letter on the table without a word for it (the dealer, the white
dragon, the wall's marks); a kong's tag apart from its tiles; and Chinese never broken
inside one of the game's words (八万, 普通, 三金倒), in running text and in the table's log."""

from __future__ import annotations

import shutil

import pytest
from pilot_helpers import bot_game, open_from_start, settle, table_app, widget_text
from rich.cells import cell_len
from scenarios import blocked_win_match, late_hand_match, rob_gold_match
from textual.widgets import DataTable, Label

from ningde_tui.i18n.words import refusal_text, tr, unbroken_words
from ningde_tui.records.storage import list_records, records_dir
from ningde_tui.rules.melds import Meld, MeldKind
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.help import ProseParagraph
from ningde_tui.ui.screens.recent import RecentScreen, standing_text
from ningde_tui.ui.screens.settings import SettingsScreen
from ningde_tui.ui.widgets.choices import ChoicesPanel
from ningde_tui.ui.widgets.log import TableLog
from ningde_tui.ui.widgets.prose import wrap
from ningde_tui.ui.widgets.seat import meld_text
from ningde_tui.ui.widgets.wall import WallView, fit_centre, wrap_part

SIZES = ((110, 34), (160, 50), (200, 60))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES)
async def test_every_settings_label_is_whole(lang, size) -> None:
    app = NingdeApp(LaunchOptions(pace="instant", lang=lang))
    async with app.run_test(size=size) as pilot:
        screen = await open_from_start(pilot, "#settings")
        assert isinstance(screen, SettingsScreen)
        labels = list(screen.query(Label))
        assert len(labels) > 10
        for label in labels:
            text = str(label.render())
            assert label.region.width >= cell_len(text), (text, label.region.width)
            assert widget_text(label).rstrip() == text  # drawn whole, on one line


@pytest.mark.parametrize("size", SIZES)
async def test_the_english_table_says_its_marks_in_words(size) -> None:
    """In the wall's centre where it has room, else (the table at its smallest) a mark a line
    below the seat on the right, whole; never both."""
    async with table_app(late_hand_match(), lang="en").run_test(size=size) as pilot:
        await settle(pilot)
        wall = widget_text(pilot.app.screen.query_one(WallView))
        aside = pilot.app.screen.query_one("#marks-legend")
        in_centre = "H head · T tail" in wall and "B break · R reserve" in wall
        assert in_centre == (size != SIZES[0]) and aside.display == (not in_centre)
        if aside.display:  # (the dealer is named beside the seats there: the next test)
            lines = [line.rstrip() for line in widget_text(aside).splitlines()]
            assert lines == ["H head", "T tail", "B break", "R reserve"]
            assert aside.region.right <= pilot.app.size.width
            assert aside.region in pilot.app.screen.query_one("#col-1").region
            return
        assert "dealer" in wall and "white = " in wall and "W=" not in wall
        scores = widget_text(pilot.app.screen.query_one("#scores"))
        assert " dealer" in scores and " D " not in f"{scores} "


@pytest.mark.parametrize("size", SIZES)
async def test_the_chinese_marks_need_no_legend(size) -> None:
    async with table_app(late_hand_match()).run_test(size=size) as pilot:
        await settle(pilot)
        assert not pilot.app.screen.query_one("#marks-legend").display


async def test_the_english_table_at_its_smallest_names_the_dealer_and_the_white() -> None:
    async with table_app(late_hand_match(), lang="en").run_test(size=SIZES[0]) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        wall = widget_text(screen.query_one(WallView))
        assert "white = " in wall and "W=" not in wall
        seats = " ".join(widget_text(screen.query_one(f"#seat-{p}")) for p in (1, 2, 3))
        mine = widget_text(screen.query_one("#my-line"))
        assert "dealer" in f"{seats} {mine}"


def test_a_kongs_tag_is_spaced_from_its_tiles() -> None:
    """The tiles are chips (a space each side, on the tile's colour): the tag never runs into
    them ("Kong7s" was the README's SVG dropping a run's first space, see test_parts)."""
    seven = parse_tile("7s")
    kong = Meld(MeldKind.KONG, (seven,) * 4, seven, 1)
    assert meld_text(kong, parse_tile("1m"), True, "en").plain.startswith("Kong 7s")


def test_chinese_wraps_between_words_never_inside_one() -> None:
    line = "抢金：庄家打出第一张后，听牌的可以抢金，有三金的可以三金倒；对家打出八万，电脑·普通碰"
    words = unbroken_words()
    assert {"八万", "白板", "普通", "三金倒", "下家"} <= words
    for width in range(6, 40):
        rows = wrap(line, width)
        assert "".join(rows) == line
        assert all(cell_len(row) <= width for row in rows)
        for upper, lower in zip(rows, rows[1:], strict=False):
            for word in words:
                for cut in range(1, len(word)):
                    assert not (upper.endswith(word[:cut]) and lower.startswith(word[cut:])), (
                        width,
                        upper,
                        lower,
                    )


async def test_the_log_wraps_chinese_between_words() -> None:
    async with table_app(rob_gold_match()).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        log = pilot.app.screen.query_one(TableLog)
        rows = [row.rstrip() for row in widget_text(log).splitlines() if row.strip()]
        assert any("抢金" in row for row in rows)
        joined = "\n".join(rows)
        for word in ("三金倒", "抢金", "庄家"):
            for cut in range(1, len(word)):
                assert f"{word[:cut]}\n{word[cut:]}" not in joined


def test_a_centre_line_too_wide_for_the_centre_is_wrapped_whole() -> None:
    """A player's long name (normal bot #3 in a replay) goes on to the next line of the
    wall's centre rather than off its edge; lines that fit are laid as before."""
    dealer = [(" dealer ", "bold"), (" normal bot #1", "bold")]
    rows = fit_centre([[[("break: normal bot #3 7", "")]], [dealer]], 16, 12, 18)
    text = [" ".join(piece for piece, _ in row).strip() for row in rows if row]
    assert all(cell_len(line) <= 18 for line in text)
    assert " ".join(text).split() == "break: normal bot #3 7 dealer normal bot #1".split()
    assert fit_centre([[[("reserve 16", "")]]], 16, 12, 18) == [[("reserve 16", "")]]
    assert wrap_part([("八万八万八万八万八万", "")], 8) == [[("八万八万", "")]] * 2 + [
        [("八万", "")]
    ]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES)
async def test_the_help_wraps_between_words(lang, size) -> None:
    """The rules summary wraps as the tutorial does: Chinese never inside one of the game's
    words (Textual's Markdown cut 单 / 钓 and 放一 / 边 wherever a line ended), English only
    between words, and every line within its paragraph's width."""
    words = unbroken_words()
    app = NingdeApp(LaunchOptions(seed=3, pace="instant", lang=lang))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        paragraphs = list(pilot.app.screen.query(ProseParagraph))
        assert len(paragraphs) > 20
        for paragraph in paragraphs:
            plain = paragraph.visual.plain
            rows = [row.strip() for row in widget_text(paragraph).splitlines() if row.strip()]
            assert "".join(rows).replace(" ", "") == plain.replace(" ", "")  # all of it shown
            assert all(cell_len(row) <= paragraph.content_size.width for row in rows)
            if lang == "en":
                assert {w for row in rows for w in row.split()} <= set(plain.split()), rows
                continue
            for upper, lower in zip(rows, rows[1:], strict=False):
                for word in words:
                    for cut in range(1, len(word)):
                        broken = upper.endswith(word[:cut]) and lower.startswith(word[cut:])
                        assert not broken, (size, word, upper, lower)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES)
async def test_the_reason_a_win_is_refused_is_shown_whole(lang, size) -> None:
    """Why 胡 is not offered goes on in the rest of the choices' row, on as many lines as it
    takes: the English restriction (109 cells) ran off the table at 110 and 160 columns. The
    wall keeps its size: the row above, the latest event, gives the second line its room."""
    match = blocked_win_match()
    async with table_app(match, lang=lang).run_test(size=size) as pilot:
        await settle(pilot)
        panel = pilot.app.screen.query_one(ChoicesPanel)
        why = refusal_text(lang, match.observation().win_blocked)
        reason = panel.query_one(".choices-blocked")
        rows = [row.strip() for row in widget_text(reason).splitlines() if row.strip()]
        assert " ".join(rows) == tr(lang, "choice.blocked", why=why)
        assert reason.region.right <= panel.region.right - 1  # inside the row's padding
        assert all(cell_len(row) <= reason.content_size.width for row in rows)
        # a second line takes the place of the latest event's (the discard the choices name)
        assert pilot.app.screen.query_one("#announce").display == (panel.region.height == 1)
        assert (panel.region.height > 1) == (lang == "en" and size != SIZES[-1])


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES)
async def test_the_recent_games_fit_their_box_with_long_names(data_dir, lang, size) -> None:
    """Bots with long names of their own (and a list long enough to scroll): the players'
    names are cut short with … to the room the other columns leave, so no row is wider
    than the table and every row's scores and status are in sight."""
    folder = records_dir()
    folder.mkdir(parents=True)
    names = ("Bartholomew", "Wilhelmina", "Maximilian", "Evangeline")
    first = bot_game(
        folder / "named.jsonl", hands=1, levels=("greedy", "hard", "normal", "easy"), names=names
    )
    for n in range(40):
        shutil.copy(first, folder / f"copy-{n:02}.jsonl")
    scores = standing_text(list_records()[0]).plain
    app = NingdeApp(LaunchOptions(pace="instant", lang=lang))
    async with app.run_test(size=size) as pilot:
        screen = await open_from_start(pilot, "#recent")
        assert isinstance(screen, RecentScreen)
        await settle(pilot)
        table = screen.query_one(DataTable)
        assert table.row_count == 41
        assert table.virtual_size.width <= table.scrollable_content_region.width
        rows = widget_text(table).splitlines()[1 : table.scrollable_content_region.height]
        status = tr(lang, "recent.finished")
        assert all(scores in row and row.rstrip().endswith(status) for row in rows), rows
        if size[0] < 200 or lang == "en":
            assert all("…" in row for row in rows)
