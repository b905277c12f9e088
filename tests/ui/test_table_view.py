"""The table drawn from a seat's view (table/view.py): the privacy rule (``Sight``) and the
hot-seat cover's choreography (ui/model/hotseat.py)."""

from __future__ import annotations

import random

from ningde_tui.bots.base import make_bot
from ningde_tui.rules.game import Game, Phase
from ningde_tui.rules.tiles import full_set
from ningde_tui.table.view import Scoreboard, Sight, table_view
from ningde_tui.ui.model.hotseat import Cover, HotSeat

BOARD = Scoreboard((10, -5, -5, 0), ("", "normal", "hard", "easy"), 3, 1, 2)


def _games(seed: int):
    """A hand the bots play, after each decision."""
    rng = random.Random(seed)
    wall = full_set()
    rng.shuffle(wall)
    game = Game(wall, rng.randrange(4), 1, (rng.randint(1, 6), rng.randint(1, 6)))
    players = [make_bot("greedy", seed * 4 + s) for s in range(4)]
    while True:
        yield game
        if game.phase == Phase.OVER:
            return
        seat = game.to_act()[0]
        game.apply(players[seat].choose(game.observation(seat)))


# ---------------------------------------------------------------- the privacy rule
def test_a_player_sees_their_own_hand_and_no_other() -> None:
    for game in _games(3):
        view = table_view(game, 2, Sight.of_player(2), BOARD)
        assert [h is not None for h in view.hands] == [False, False, True, False]
        assert view.obs == game.observation(2)
        assert view.hands[2].tiles == tuple(game.hands[2])


def test_under_the_hot_seat_cover_no_hand_and_no_choice_is_in_the_view() -> None:
    for game in _games(4):
        view = table_view(game, 1, Sight.of_player(None), BOARD)
        assert view.hands == (None, None, None, None)
        obs = view.obs
        assert obs.hand == () and obs.drawn is None and obs.legal == () and obs.win_blocked is None
        assert all(not m.tiles for ms in obs.melds for m in ms if m.kind == "ankong")
        assert all(e.tile is None for e in obs.history if e.private)
        assert obs.history == game.history(None)
        if game.window is not None:
            assert obs.to_act == ()  # who may claim is not public


def test_a_watched_game_shows_every_hand_and_everyone_who_may_decide() -> None:
    for game in _games(5):
        view = table_view(game, 0, Sight.everyone(0), BOARD)
        assert [h.tiles for h in view.hands] == [tuple(h) for h in game.hands]
        assert view.waiting == tuple(game.to_act())
        assert [view.melds(s) for s in range(4)] == [tuple(m) for m in game.melds]


# ---------------------------------------------------------------- the hot-seat cover
def test_the_cover_comes_up_for_the_next_human_and_lifts_for_them_only() -> None:
    seats = HotSeat(hold=0.5)
    assert seats.check(next_human=1, now=0.0) == Cover.PUT_UP
    assert seats.covered and seats.covered_for == 1 and seats.viewer is None
    assert seats.check(next_human=1, now=0.1) == Cover.NOTHING
    assert seats.lift() == 1 and seats.viewer == 1 and not seats.covered
    assert seats.check(next_human=1, now=0.2) == Cover.NOTHING  # the same player goes on


def test_after_a_decision_the_cover_is_anonymous_until_held_and_someone_must_decide() -> None:
    seats = HotSeat(hold=0.5, viewer=1)
    assert seats.after_decision(1, next_human=None, hand_over=False, now=1.0) == Cover.PUT_UP
    assert seats.covered_for is None and seats.viewer is None
    assert seats.check(next_human=None, now=2.0) == Cover.NOTHING  # the bots still play
    assert seats.check(next_human=3, now=1.2) == Cover.NOTHING  # not held long enough
    assert seats.check(next_human=3, now=1.5) == Cover.NAME and seats.covered_for == 3
    assert seats.lift() == 3


def test_no_cover_when_the_same_player_goes_on_or_the_hand_is_over() -> None:
    seats = HotSeat(hold=0.5, viewer=2)
    assert seats.after_decision(2, next_human=2, hand_over=False, now=0) == Cover.NOTHING
    assert seats.after_decision(2, next_human=None, hand_over=True, now=0) == Cover.NOTHING
    assert seats.viewer == 2
    seats.new_hand()
    assert seats.viewer is None
