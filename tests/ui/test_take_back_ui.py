"""悔牌 at the table: ``u`` takes back your last discard while the bots are still thinking
(the setting on), and is refused with its reason when the setting is off or a bot has moved.
``u`` is also the 17th tile's key: on your discard it discards that tile."""

from __future__ import annotations

from pilot_helpers import settle, table, table_app, widget_text
from scenarios import finish_with_a_take_back, gold_turn_match

from ningde_tui.settings.store import Settings
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.widgets.hand import HandView

SIZE = (160, 50)


def app_with(take_back: bool, pace: str):
    return table_app(gold_turn_match(), pace=pace, settings=Settings(take_back=take_back))


def still_thinking(monkeypatch) -> None:
    """The bots think on and on: nobody acts on your discard while the test looks."""
    monkeypatch.setattr(TableScreen, "run_bots", lambda self: None)


def u_listed(pilot) -> bool:
    """The key bar lists u as 悔牌."""
    active = pilot.app.active_bindings.get("u")
    return active is not None and active.binding.show and active.binding.description == "悔牌"


async def discarded(pilot) -> TableScreen:
    """The table once you have discarded your 17th tile (``u`` on your discard)."""
    await settle(pilot)
    await pilot.press("u")
    await settle(pilot)
    return table(pilot)


def announced(pilot) -> str:
    return widget_text(table(pilot).query_one("#announce"))


async def test_u_discards_the_17th_tile_then_takes_it_back(monkeypatch) -> None:
    still_thinking(monkeypatch)
    app = app_with(True, "normal")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(pilot)
        hand = screen.query_one(HandView)
        tiles = hand.state.tiles
        assert len(tiles) == 17
        await pilot.press("u")  # your discard: the tile in the 17th place
        await settle(pilot)
        assert len(hand.state.tiles) == 16
        assert screen.table.game.ponds[0] == [tiles[16]]
        assert u_listed(pilot)  # listed while it may be used
        await pilot.press("u")  # not your discard: take it back
        await settle(pilot)
        assert sorted(hand.state.tiles) == sorted(tiles)
        assert screen.table.game.ponds[0] == []
        assert "悔牌" in announced(pilot)
        assert hand.active  # your discard again


async def test_off_it_says_so(monkeypatch) -> None:
    still_thinking(monkeypatch)
    async with app_with(False, "normal").run_test(size=SIZE) as pilot:
        screen = await discarded(pilot)
        pond = list(screen.table.game.ponds[0])
        assert len(pond) == 1
        assert not u_listed(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert "悔牌没有打开" in announced(pilot)
        assert screen.table.game.ponds[0] == pond


async def test_once_a_bot_has_moved_it_is_refused(monkeypatch) -> None:
    still_thinking(monkeypatch)
    async with app_with(True, "normal").run_test(size=SIZE) as pilot:
        screen = await discarded(pilot)
        seat, obs, version = screen.table.next_bot()  # 下家 has thought it over: it plays
        screen._apply_bot(screen.table.bot_action(seat, obs), version)
        await settle(pilot)
        moved = screen.table.version
        pond = list(screen.table.game.ponds[0])
        await pilot.press("u")
        await settle(pilot)
        assert "没有可悔的牌" in announced(pilot)
        assert (screen.table.version, screen.table.game.ponds[0]) == (moved, pond)


async def test_stats_say_such_games_are_counted_apart() -> None:
    """战绩 counts the games with a discard taken back apart, and says how many."""
    from ningde_tui.records.storage import records_dir
    from ningde_tui.ui.app import NingdeApp
    from ningde_tui.ui.model.launch import LaunchOptions

    records_dir().mkdir(parents=True, exist_ok=True)
    finish_with_a_take_back(records_dir() / "taken.jsonl")
    finish_with_a_take_back(records_dir() / "plain.jsonl", take_back=False)
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.click("#stats")
        await settle(pilot)
        head = widget_text(app.screen.query_one("#stats-head"))
        assert head.startswith("1 局 · 1 手")  # the game without a take back
        assert "另有 1 局悔过牌，不算在内" in head
