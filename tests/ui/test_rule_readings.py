"""The table follows the record-version-2 rule readings (rules.md §7, §9), as a player sees them."""

from __future__ import annotations

from pilot_helpers import SIZE, settle, table_app, widget_text
from scenarios import discard, scenario_match, win_on_discard_match

from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import ActionType
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.table.match import HUMAN
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.widgets.choices import ChoicesPanel
from ningde_tui.ui.widgets.hand import TILE_KEYS, HandView

# 对家 (seat 2) holds a gold pair (5s) and 67p: it waits for 金雀, which is not 闲金.
TWO_GOLD_WAIT = {2: "234s678s789m234m67p5s5s"}


def two_gold_wait_match(config: RuleConfig | None = None):
    """上家 discards 9p, which completes your plain hand, while 对家 waits for 金雀."""
    return win_on_discard_match(others=TWO_GOLD_WAIT, config=config)


async def test_s9_a_two_gold_jinque_wait_shows_no_lock() -> None:
    """rules.md §9: a gold pair waiting on a meld is 听金雀, not 闲金 — the table is not
    locked, so 胡 is offered on the discard and no "不能胡" line appears."""
    match = two_gold_wait_match()
    assert match.game.single_wait(2) is None
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = pilot.app.screen.query_one(ChoicesPanel)
        assert [b.action.type for b in panel.buttons()][0] == ActionType.WIN
        assert not panel.query(".choices-blocked")
        assert "锁" not in widget_text(pilot.app.screen.query_one("#log"))


def test_s9_reading_before_2026_12_locked_the_same_table() -> None:
    """With ``xianjin_one_gold=false`` the same seat counted as 闲金 and locked you out."""
    match = two_gold_wait_match(RuleConfig(xianjin_one_gold=False))
    assert match.game.single_wait(2) == "xianjin"
    blocked = [e for e in match.game.log if e.kind == "win_blocked" and e.seat == HUMAN]
    assert [e.info["refusal"].code for e in blocked] == ["lock"]


CHOUZHUANG = {0: "1p159m159s48p2468m37s7p", 1: "1p", 2: "1p", 3: "1p"}


async def test_s7_chouzhuang_ends_the_hand_on_screen() -> None:
    """rules.md §7: your 1p is the fourth identical first discard — the hand is dead at once
    and the result screen says 臭庄 (no payments, the dealer deals again)."""
    match = scenario_match(
        CHOUZHUANG,
        dealer=1,
        indicator="6s",
        moves=[discard(1, "1p"), discard(2, "1p"), discard(3, "1p")],
        draws="7m8m5p",
    )
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        obs = match.observation()
        if any(a.type == ActionType.PASS for a in obs.legal):
            await pilot.press("escape")
            await settle(pilot)
        tiles = pilot.app.screen.query_one(HandView).state.tiles
        await pilot.press(TILE_KEYS[tiles.index(parse_tile("1p"))])
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultScreen)
        head = widget_text(pilot.app.screen.query_one("#result-head"))
        assert "臭庄" in head and "流局" not in head
        assert match.session.results[-1].deltas == [0, 0, 0, 0]
