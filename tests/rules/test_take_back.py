"""悔牌 in the engine (``rules.game.take_back``): a discard nobody has acted on comes back, the
hand as it stood before it; anything else is refused and changes nothing."""

from __future__ import annotations

import pytest
from scenarios import play_to_your_discard

from ningde_tui.rules.game import ActionType, Game, IllegalAction, Phase, take_back
from ningde_tui.rules.refusal import RefusalCode
from ningde_tui.table.match import Match


def at_your_discard(seed: int = 5) -> Match:
    """Bots in seats 1-3 play until seat 0 must discard."""
    match = Match.new(seed, ["normal"] * 3)
    play_to_your_discard(match)
    return match


def a_discard(game: Game) -> object:
    return next(a for a in game.legal_actions(0) if a.type == ActionType.DISCARD)


def test_a_discard_nobody_acted_on_comes_back() -> None:
    game = at_your_discard().game
    before = game.observation(0)
    discard = a_discard(game)
    game.apply(discard)
    thrown = game.observation(0)
    again = take_back(game, 0)
    assert again.observation(0) == before  # the hand, the ponds, the choices as they were
    assert again.decisions == game.decisions[:-1]
    assert game.observation(0) == thrown  # the game given is left as it was


def test_discarding_it_again_plays_on_as_before() -> None:
    """The same wall, the same decisions: the hand goes on exactly as the first time."""
    game = at_your_discard(11).game
    discard = a_discard(game)
    game.apply(discard)
    again = take_back(game, 0)
    again.apply(discard)
    assert [again.observation(s) for s in range(4)] == [game.observation(s) for s in range(4)]


def test_another_tile_may_be_discarded_instead() -> None:
    game = at_your_discard().game
    legal = [a for a in game.legal_actions(0) if a.type == ActionType.DISCARD]
    game.apply(legal[0])
    again = take_back(game, 0)
    again.apply(legal[-1])
    assert again.ponds[0][-1] == legal[-1].tile


def test_once_someone_acted_it_is_refused() -> None:
    """The next seat's discard (or any decision after yours) has acted on it."""
    match = at_your_discard()
    match.apply(a_discard(match.game))
    while match.game.decisions[-1].seat == 0 or match.game.decisions[-1].type == "pass":
        seat, obs, _ = match.next_bot()
        match.apply(match.bot_action(seat, obs))
    shown = match.game.observation(0)
    with pytest.raises(IllegalAction) as refused:
        take_back(match.game, 0)
    assert refused.value.refusal.code == RefusalCode.NOTHING_TO_TAKE_BACK
    assert match.game.observation(0) == shown


def test_the_others_letting_it_go_is_taken_back_with_it() -> None:
    """A seat that may claim passes at once: that is no acting on the tile, and its pass
    goes with the discard."""
    for seed in range(1, 40):
        match = at_your_discard(seed)
        before = match.game.observation(0)
        match.apply(a_discard(match.game))
        if match.game.phase == Phase.CLAIM:
            break
    else:
        pytest.fail("no seed in range gives a discard another seat may claim")
    while match.game.phase == Phase.CLAIM:
        match.apply(
            next(
                a
                for a in match.game.legal_actions(match.game.to_act()[0])
                if a.type == ActionType.PASS
            )
        )
    assert match.game.decisions[-1].type == ActionType.PASS
    again = take_back(match.game, 0)
    assert again.observation(0) == before


def test_only_your_own_discard() -> None:
    match = at_your_discard()
    match.apply(a_discard(match.game))
    with pytest.raises(IllegalAction) as refused:
        take_back(match.game, 1)
    assert refused.value.refusal.code == RefusalCode.NOTHING_TO_TAKE_BACK


def test_on_your_turn_there_is_nothing_to_take_back() -> None:
    """Your turn: the last decision is another seat's (its discard, or your own draw is no
    decision at all)."""
    game = at_your_discard().game
    assert not game.decisions or game.decisions[-1].seat != 0
    with pytest.raises(IllegalAction) as refused:
        take_back(game, 0)
    assert refused.value.refusal.code == RefusalCode.NOTHING_TO_TAKE_BACK


def test_a_hand_with_held_windows_cannot() -> None:
    """Online and hot-seat hold claims open outside the decisions: never taken back."""
    match = at_your_discard()
    match.hold_claims()
    match.apply(a_discard(match.game))
    with pytest.raises(ValueError, match="held open"):
        take_back(match.game, 0)
