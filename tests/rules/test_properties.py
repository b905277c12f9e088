"""Properties of whole hands played by bots, over random seeds and every rule switch.

- all 112 tiles are somewhere at every step (rules.md §1);
- a gold is never discarded nor used in a chi/pong/kong (rules.md §4);
- scores are zero-sum, and each hand's deltas are the winner's payments, recomputed here from
  rules.md §11 (and with ``discarder_pays_all`` the discarder pays the whole total);
- the same seed gives the same records, bit for bit, and every simulated record replays
  through ``ningde replay --check --json`` to its own result lines (interfaces.md §2, §3);
- an illegal action raises IllegalAction and changes nothing.

Example counts are modest: the whole file runs in well under a minute on a slow machine.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ningde_tui.bots.base import make_bot
from ningde_tui.cli.replay import main as replay_main
from ningde_tui.cli.simulate import main as simulate_main
from ningde_tui.records.record import replay_lines
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import (
    ACTION_TYPES,
    Action,
    ActionType,
    Game,
    HandResult,
    IllegalAction,
    Phase,
)
from ningde_tui.rules.session import Session
from ningde_tui.rules.tiles import WHITE, full_set
from ningde_tui.rules.wall import deal_order
from ningde_tui.sim import simulate as sim

# ------------------------------------------------------------------------ rule switches
DEFAULT = RuleConfig()
SWITCHES = RuleConfig.switches()
CONFIGS = RuleConfig.each_switch_flipped()
FULL = full_set()
BOTS = ["random", "greedy", "easy", "normal"]  # "hard" (slower) plays in the record tests


def test_the_switches_of_rules_md_are_all_covered():
    """Every [choice] of rules.md that this file flips (more may be added later)."""
    assert {
        "indicator_in_play",
        "rob_kong",
        "jin_shun_sequences_only",
        "single_wait_lock",
        "discarder_pays_all",
    } <= set(SWITCHES)


# ------------------------------------------------------------------------ playing
def _wall(rng: random.Random, white_tail: bool = False, dealer: int = 0, golds: int = 0):
    """A shuffled wall. With ``white_tail`` a 白板 is the first tile 开金 flips (rules.md §4);
    with ``golds`` one seat is dealt that many more golds (so 三金倒, 抢金 and 天胡 come up)."""
    wall = full_set()
    rng.shuffle(wall)
    if white_tail:
        i = wall.index(WHITE)
        wall[i], wall[-1] = wall[-1], wall[i]
    gold = wall[-1]
    if golds and gold != WHITE:
        owners = deal_order(dealer)
        seat = rng.randrange(4)
        mine = [i for i, o in enumerate(owners) if o == seat and wall[i] != gold]
        others = [i for i in range(len(wall) - 1) if wall[i] == gold and i not in mine]
        for a, b in zip(mine[:golds], others, strict=False):
            wall[a], wall[b] = wall[b], wall[a]
    return wall


def _check_action(game: Game, action: Action, claimed: int | None) -> None:
    """rules.md §4: golds are never discarded, never used to chi, pong or kong."""
    gold = game.gold
    if action.type in (ActionType.DISCARD, ActionType.ANKONG, ActionType.ADDKONG):
        assert action.tile != gold, action
    if action.type in (ActionType.CHI, ActionType.PONG, ActionType.KONG):
        assert claimed is not None and claimed != gold, action
        assert gold not in action.uses(), action


def _check_state(game: Game) -> None:
    assert sorted(game.all_tiles()) == FULL
    for seat in range(4):
        assert game.gold not in game.ponds[seat]
        for meld in game.melds[seat]:
            assert game.gold not in meld.tiles, meld


def _claimed(game: Game) -> int | None:
    return game.last_discard[1] if game.last_discard is not None else None


def play_checked(game: Game, players: list, probe: random.Random | None = None) -> None:
    """Play the hand to its end, checking the invariants after every decision; with ``probe``,
    also try a random illegal action before each decision (see test_illegal_actions...)."""
    _check_state(game)
    while game.phase != Phase.OVER:
        if probe is not None:
            _probe_illegal(game, probe)
        seat = game.to_act()[0]
        action = players[seat].choose(game.observation(seat))
        claimed = _claimed(game)
        game.apply(action)
        _check_action(game, action, claimed)
        _check_state(game)


FORMULAS = {  # rules.md §11: (added inside the bracket, multiplier, added after)
    "pinghu": (1, 1, 0),
    "zimo": (1, 2, 0),
    "sanjindao": (1, 2, 0),  # 三金倒 later: the 自摸 formula
    "qiangjin": (2, 2, 0),  # 抢金, 天胡, 三金倒 at the start
    "jinque": (0, 3, 15),
    "jinshun": (0, 3, 30),
    "qingyise": (0, 3, 30),
    "dandiao": (0, 3, 30),
}


def check_result(game: Game, result: HandResult) -> None:
    """Zero-sum; the deltas are the payments of rules.md §11, worked out here again."""
    deltas = result.deltas
    assert sum(deltas) == 0
    if result.winner is None:
        assert (result.pattern, result.by, deltas) == ("draw", None, [0, 0, 0, 0])
        return
    winner, dealer, score = result.winner, result.dealer, result.score
    assert score is not None and score.legal and score.pattern == result.pattern
    assert result.by in ("discard", "self", "rob", "heaven")
    assert (result.by == "discard") == (result.discarder is not None)
    jin = sum(1 for t in game.hands[winner] if t == game.gold)  # robbed indicator included
    gang = sum({"kong": 1, "ankong": 2}.get(m.kind, 0) for m in game.melds[winner])
    inner, mult, bonus = FORMULAS[result.pattern]
    pays = {}
    for payer in range(4):
        if payer != winner:
            b = jin + gang + (result.streak if dealer in (winner, payer) else 0)
            pays[payer] = (b + inner) * mult + bonus
    assert (score.jin, score.gang, score.total) == (jin, gang, sum(pays.values()))
    other = next(p for p in pays if p != dealer)
    assert score.pay_other is not None and score.pay_other.amount == pays[other]
    if winner != dealer:
        assert score.pay_dealer is not None and score.pay_dealer.amount == pays[dealer]
    if result.by == "discard" and game.config.discarder_pays_all:
        want = [0, 0, 0, 0]
        want[result.discarder] = -score.total
    else:
        want = [-pays.get(p, 0) for p in range(4)]
    want[winner] = score.total
    assert deltas == want


def play_session(config: RuleConfig, seed: int, bots: list[str], hands: int, golds: int = 0):
    rng = random.Random(seed)
    session = Session(config, seed, rounds=0)
    players = [make_bot(level, seed * 4 + seat) for seat, level in enumerate(bots)]
    for _ in range(hands):
        setup = session.next_setup()
        setup.wall = _wall(rng, rng.random() < 0.2, setup.dealer, rng.choice([0, golds]))
        game = session.start_hand(setup)
        play_checked(game, players)
        before = list(session.scores)
        result = session.finish_hand()
        check_result(game, result)
        assert [a + d for a, d in zip(before, result.deltas, strict=True)] == session.scores
        assert sum(session.scores) == 0


# ------------------------------------------------------------------------ properties
@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    golds=st.sampled_from([0, 2, 3]),
)
def test_tiles_golds_and_payments_in_bot_games(config, seed, bots, golds):
    """rules.md §1, §4, §11 over three hands of a session, for each rule switch; some walls
    flip a 白板 first, some deal one seat extra golds."""
    play_session(config, seed, bots, 3, golds)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), config=st.sampled_from(list(CONFIGS.values())))
def test_random_bots_reach_the_end_of_the_wall(seed, config):
    """Random bots rarely win: their hands mostly run into the last round (rules.md §6), and
    they try every legal action, 加杠 and 抢杠 included."""
    play_session(config, seed, ["random"] * 4, 3)


def _probe_illegal(game: Game, rng: random.Random) -> None:
    seat = rng.choice([0, 1, 2, 3, 0, 1, 2, 3, 4, -1])
    kind = rng.choice([*ACTION_TYPES, "bogus"])
    tile = rng.choice([None, *range(28), game.gold])
    tiles = tuple(sorted(rng.sample(range(28), 2))) if rng.random() < 0.3 else ()
    action = Action(seat, kind, tile, tiles)
    if action in game.legal_actions(seat):
        return
    before = [game.observation(s) for s in range(4)]
    state = (game.phase, len(game.log), len(game.decisions), sorted(game.all_tiles()))
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert str(err.value)  # a reason in words
    assert [game.observation(s) for s in range(4)] == before
    assert (game.phase, len(game.log), len(game.decisions), sorted(game.all_tiles())) == state


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    probe_seed=st.integers(0, 2**32 - 1),
    config=st.sampled_from(list(CONFIGS.values())),
    golds=st.sampled_from([0, 3]),
)
def test_illegal_actions_are_refused_and_change_nothing(seed, probe_seed, config, golds):
    """Game.apply: an action not among the legal ones raises IllegalAction with a reason and
    leaves every seat's observation (hands, melds, ponds, wall, legal actions) unchanged."""
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    game = Game(_wall(rng, False, dealer, golds), dealer, 1, (3, 4), config)
    players = [make_bot(level, seed + seat) for seat, level in enumerate(["random", "greedy"] * 2)]
    play_checked(game, players, probe=random.Random(probe_seed))
    with pytest.raises(IllegalAction):  # and nothing at all once the hand is over
        game.apply(Action(0, ActionType.DISCARD, game.hands[0][0] if game.hands[0] else 0))


# ------------------------------------------------------------------------ records
def _simulate(capsys, tmp: Path, seed: int, bots: str, hands: int, *extra: str) -> dict:
    status = simulate_main(
        ["--hands", str(hands), "--seed", str(seed), "--bots", bots, "--record", str(tmp), "--json"]
        + list(extra)
    )
    out = capsys.readouterr().out
    assert status == 0
    return json.loads(out)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.jsonl"))}


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 10**9), bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4))
def test_same_seed_same_records_bit_for_bit(tmp_path_factory, capsys, seed, bots):
    """interfaces.md §3: the same --seed and bots give the same games, bit for bit."""
    first, second = tmp_path_factory.mktemp("a"), tmp_path_factory.mktemp("b")
    a = _simulate(capsys, first, seed, ",".join(bots), 20)
    b = _simulate(capsys, second, seed, ",".join(bots), 20)
    assert _files(first) and _files(first) == _files(second)
    assert (a["seats"], a["draws"], a["hands"]) == (b["seats"], b["draws"], 20)


def test_same_records_with_two_workers(tmp_path, capsys):
    """interfaces.md §3: the games do not depend on how many processes share the work."""
    one, two = tmp_path / "one", tmp_path / "two"
    a = _simulate(capsys, one, 7, "greedy,random,easy,greedy", 40)
    b = _simulate(capsys, two, 7, "greedy,random,easy,greedy", 40, "--workers", "2")
    assert _files(one) == _files(two) and len(_files(one)) >= 2
    assert a["seats"] == b["seats"]


def test_simulating_again_into_the_same_folder_overwrites(tmp_path, capsys):
    """A second run with the same --record folder leaves replayable records, not two games in
    one file."""
    _simulate(capsys, tmp_path, 3, "greedy,greedy,random,easy", 10)
    first = _files(tmp_path)
    _simulate(capsys, tmp_path, 3, "greedy,greedy,random,easy", 10)
    assert _files(tmp_path) == first


def _replays_to_its_result_lines(path: Path, capsys) -> list[dict]:
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    written = [{k: v for k, v in o.items() if k != "t"} for o in lines if o["t"] == "result"]
    status = replay_main(["--check", "--json", str(path)])
    out = capsys.readouterr()
    assert (status, out.err) == (0, "")
    printed = [json.loads(x) for x in out.out.splitlines()]
    assert printed == written and written
    return printed


@pytest.mark.parametrize(
    ("config_id", "bots"),
    [
        ("default", "normal,hard,easy,random"),
        *((cid, "greedy,random,easy,greedy") for cid in CONFIGS if cid != "default"),
    ],
)
def test_simulated_records_replay_to_their_result_lines(tmp_path, capsys, config_id, bots):
    """interfaces.md §2, §3: every record ``simulate`` writes replays through
    ``ningde replay --check --json`` to exactly its own result lines, with every rule switch;
    the record totals are the simulation's totals."""
    config = CONFIGS[config_id]
    hands = 20 if "hard" in bots else 40
    summary = sim.simulate(hands, 11, bots.split(","), record_dir=tmp_path, config=config)
    paths = sorted(tmp_path.glob("*.jsonl"))
    assert paths
    totals = [0, 0, 0, 0]
    count = 0
    for path in paths:
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        assert header["rules"] == config.to_dict()
        printed = _replays_to_its_result_lines(path, capsys)
        count += len(printed)
        for seat in range(4):
            totals[seat] += printed[-1]["scores"][seat]
        assert all(sum(row["deltas"]) == 0 for row in printed)
    assert count == hands
    assert totals == [s.points for s in summary.seats]


def _without_passes(objs: list[dict]) -> list[dict]:
    """Drop every ``pass`` line, except where the same seat's next line is a ``win``: that
    line could then be read as a win on the discard it passed (an ambiguity of the format)."""
    kept = []
    for i, obj in enumerate(objs):
        if obj["t"] == "act" and obj["a"] == "pass":
            later = (o for o in objs[i + 1 :] if o["t"] != "act" or o["seat"] == obj["seat"])
            following = next(later, None)
            if following is None or following.get("a") != "win":
                continue
        kept.append(obj)
    return kept


@pytest.mark.parametrize("config_id", ["default", "rob_kong=true", "single_wait_lock=false"])
def test_records_replay_the_same_without_their_pass_lines(tmp_path, config_id):
    """interfaces.md §2: 'A seat whose decision is not written passed.' Simulated records
    with their pass lines removed still replay to their own result lines."""
    sim.simulate(32, 5, ["random", "greedy", "random", "easy"], tmp_path, CONFIGS[config_id])
    dropped = 0
    for path in sorted(tmp_path.glob("*.jsonl")):
        objs = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
        kept = _without_passes(objs)
        dropped += len(objs) - len(kept)
        replay = replay_lines(json.dumps(o) for o in kept)  # result lines are checked too
        assert replay.finished
        assert [h.result for h in replay.hands] == [
            {k: v for k, v in o.items() if k != "t"} for o in objs if o["t"] == "result"
        ]
    assert dropped > 0
