"""RemoteSeat (net/remote.py): a room's messages, built by protocol.py from a real game the
way the host builds them, fold into exactly the view the local table draws from the engine."""

from __future__ import annotations

from dataclasses import replace

import pytest
from remote_helpers import result_message, seat_state

from ningde_tui.net import protocol
from ningde_tui.net.protocol import SeatStatus
from ningde_tui.net.remote import RemoteSeat, hand_result
from ningde_tui.rules.game import Phase
from ningde_tui.table.match import Match
from ningde_tui.table.view import Scoreboard, Sight, table_view

LEVELS = ("greedy", "normal", "easy", "greedy")
STATUSES = [SeatStatus(f"bot{s}", protocol.BOT, LEVELS[s], True) for s in range(4)]


def _match(seed: int) -> Match:
    return Match.new(seed, list(LEVELS), humans=(), rounds_limit=False)


def _feed(remote: RemoteSeat, message: dict) -> None:
    remote.feed(protocol.parse_server(protocol.dumps(message), remote.rules))


def _board(match: Match) -> Scoreboard:
    session = match.session
    return Scoreboard(
        tuple(session.scores),
        LEVELS,
        len(session.results) + 1,
        match.round_number,
        session.rounds or 0,
    )


def _welcome(match: Match, seat: int | None) -> dict:
    return protocol.welcome(
        "R", seat, "tok" if seat is not None else None, match.game.config, STATUSES
    )


def _play_hand(match: Match, remotes: dict[int | None, RemoteSeat], sent: dict, seq: list[int]):
    """One hand decision by decision; after each, every seat gets its state and its view is
    checked against the engine's."""
    while True:
        for seat, remote in remotes.items():
            _feed(remote, seat_state(match, seat, sent[seat], seq[0]))
            sent[seat] = len(match.game.history(seat))
            bottom = 0 if seat is None else seat
            expected = table_view(match.game, bottom, Sight.of_player(seat), _board(match))
            # the hand's result travels as its own message (below), not in the view
            assert remote.view() == replace(expected, result=None)
        if match.hand_over:
            return
        who, obs, _ = match.next_bot()
        match.apply(match.bot_action(who, obs))
        seq[0] += 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_seat_and_a_watcher_see_what_the_engine_shows_them(seed: int) -> None:
    match = _match(seed)
    remotes: dict[int | None, RemoteSeat] = {s: RemoteSeat() for s in (0, 1, 2, 3, None)}
    for seat, remote in remotes.items():
        _feed(remote, _welcome(match, seat))
    sent = dict.fromkeys(remotes, 0)
    seq = [1]
    for _ in range(2):  # two hands: the second one's first state starts a new history
        _play_hand(match, remotes, sent, seq)
        game = match.game
        outcome = match.finish_hand()
        message = result_message(match, game)
        for remote in remotes.values():
            _feed(remote, message)
        remote = remotes[0]
        assert remote.result is not None
        got = hand_result(remote.result)
        assert (got.winner, got.by, got.pattern, got.deltas) == (
            outcome.winner,
            outcome.by,
            outcome.pattern,
            outcome.deltas,
        )
        assert (got.dealer, got.streak, got.discarder, got.win_tile, got.events) == (
            outcome.dealer,
            outcome.streak,
            outcome.discarder,
            outcome.win_tile,
            outcome.events,
        )
        if outcome.score is not None:
            assert got.score is not None
            assert got.score.pay_other == outcome.score.pay_other
            assert got.score.pay_dealer == outcome.score.pay_dealer
        shown = remote.result_view(remote.result)
        assert [h.tiles for h in shown.hands] == [tuple(h) for h in game.hands]
        assert shown.sight.open_hands and shown.result == got
        standings = remote.standings(remote.result)
        assert standings.scores == tuple(match.session.scores)
        assert standings.history == tuple(tuple(h) for h in match.history)
        match.next_hand()
        sent = dict.fromkeys(remotes, 0)  # a new hand's first state tells it from the deal
        seq[0] += 1
    for remote in remotes.values():
        _feed(remote, protocol.over(match.session.scores))
        assert remote.over


def test_a_state_after_a_welcome_replaces_the_history_it_had() -> None:
    """Coming back (a new welcome), the room sends the whole hand again: not told twice."""
    match = _match(4)
    remote = RemoteSeat()
    _feed(remote, _welcome(match, 1))
    for _ in range(12):
        who, obs, _ = match.next_bot()
        match.apply(match.bot_action(who, obs))
    _feed(remote, seat_state(match, 1, 0, 5))
    _feed(remote, _welcome(match, 1))
    _feed(remote, seat_state(match, 1, 0, 5))
    assert remote.view().obs.history == match.game.history(1)


def test_seats_say_who_is_connected_and_which_seats_bots_play() -> None:
    match = _match(5)
    remote = RemoteSeat()
    _feed(remote, _welcome(match, 0))
    _feed(remote, seat_state(match, 0, 0, 1))
    seats = [
        SeatStatus("甲", protocol.HUMAN, "", True),
        SeatStatus("乙", protocol.HUMAN, "", False),
        SeatStatus("hard", protocol.BOT, "hard", False),
        SeatStatus("丙", protocol.HUMAN, "", True),
    ]
    _feed(remote, protocol.seats(seats))
    view = remote.view()
    assert view.connected == (True, False, True, True)
    assert view.levels == ("", "", "hard", "")
    assert remote.names() == ("甲", "乙", "hard", "丙")
    assert view.obs.phase != Phase.OVER
