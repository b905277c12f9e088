"""`ningde calc`: score a finished hand (interfaces.md §1, rules.md §9, §11).

    ningde calc --hand 123m456p789s2233m55pw --gold 3s --win 5p --by discard [--melds "..."]
                [--dealer] [--streak N] [--robbed] [--start] [--declined-three-gold] [--json]
    ningde calc --batch FILE|-        # one JSON object per line in, one per line out

Exit status: 0 for a legal win (and for any --batch run whose file could be read), 1 for a hand
that is not a legal win, 2 for malformed input. Malformed input always gets one line on stderr.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterable
from typing import Any, BinaryIO, NoReturn, TextIO

from ..i18n.words import pattern_name, payment_text
from ..records.jsonline import (
    MAX_INT_DIGITS,
    LineError,
    RawLine,
    dumps_line,
    parse_object,
    raw_lines,
    shorten,
    text_raw_lines,
)
from ..rules.melds import MELD_KINDS, Meld, MeldKind
from ..rules.scoring import BY_VALUES, WinBy, WinInput, WinScore, evaluate_win
from ..rules.tiles import (
    COPIES,
    WHITE,
    TileError,
    counts_of,
    face,
    format_tiles,
    parse_tiles,
    tile_str,
)

PROG = "ningde calc"
EXIT_OK, EXIT_NOT_A_WIN, EXIT_MALFORMED = 0, 1, 2

_MELD_SIZE = {MeldKind.CHI: 3, MeldKind.PONG: 3, MeldKind.KONG: 4, MeldKind.ANKONG: 4}
_BOOL_FIELDS = ("dealer", "robbed", "start", "declined_three_gold", "indicator_in_play")
# JSON keys (interfaces.md §1): the flag names with '-' -> '_'.
FIELDS = ("hand", "melds", "gold", "win", "by", "dealer", "streak", *_BOOL_FIELDS[1:])


class CalcError(ValueError):
    """Malformed calculator input: reported as one line, exit status 2 (the values it echoes
    shortened)."""

    def __init__(self, message: str) -> None:
        super().__init__(shorten(message, 240))


# ---------------------------------------------------------------------------------------------
# Input


def _one_tile(text: str, what: str) -> int:
    try:
        tiles = parse_tiles(text)
    except TileError as e:
        raise CalcError(f"{what}: {e}") from None
    if len(tiles) != 1:
        raise CalcError(f"{what} must be one tile such as 5p or w, not {text!r}")
    return tiles[0]


def parse_melds(texts: Iterable[str]) -> list[tuple[MeldKind, list[int]]]:
    """``"chi 123m, pong 555p"`` or ``"chi 123m pong 555p"`` -> [(kind, tiles), ...]."""
    melds: list[tuple[MeldKind, list[int]]] = []
    pending: list[list[str]] = []  # [kind, tile text...] per meld, in order
    for text in texts:
        for token in re.split(r"[\s,]+", text.strip()):
            if not token:
                continue
            if token.lower() in MELD_KINDS:
                pending.append([token.lower()])
            elif not pending:
                raise CalcError(
                    f"meld {text!r}: tiles {token!r} come before a kind "
                    f"(write each meld as one of {', '.join(MELD_KINDS)} followed by its tiles)"
                )
            else:
                pending[-1].append(token)
    for kind, *parts in pending:
        if not parts:
            raise CalcError(f"meld {kind!r} has no tiles (write it like '{kind} 555p')")
        notation = "".join(parts)
        try:
            tiles = parse_tiles(notation)
        except TileError as e:
            raise CalcError(f"meld '{kind} {notation}': {e}") from None
        melds.append((MeldKind(kind), tiles))
    return melds


def check_meld(kind: MeldKind, tiles: list[int], gold: int) -> Meld:
    """A declared meld must be what its kind says (rules.md §4, §5)."""
    name = f"{kind} {format_tiles(tiles)}"
    if len(tiles) != _MELD_SIZE[kind]:
        raise CalcError(f"meld '{name}': a {kind} has {_MELD_SIZE[kind]} tiles, not {len(tiles)}")
    if gold in tiles:
        raise CalcError(
            f"meld '{name}' holds the gold {tile_str(gold)}: golds are never used to "
            "chi, pong or kong (rules.md §4)"
        )
    if kind == MeldKind.CHI:
        faces = sorted(face(t, gold) for t in tiles)
        suits = {f // 9 for f in faces}
        if len(suits) != 1 or faces != list(range(faces[0], faces[0] + 3)):
            raise CalcError(
                f"meld '{name}' is not a chi: a chi is three consecutive tiles of one suit "
                f"(白板 w counts as the gold's face {tile_str(gold)})"
            )
    elif len(set(tiles)) != 1:
        raise CalcError(f"meld '{name}' is not a {kind}: its tiles must all be the same")
    return Meld(kind, tuple(sorted(tiles)))


def _check_types(data: dict[str, Any]) -> None:
    """The JSON form of the fields: unknown keys and wrong types are malformed."""
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise CalcError(f"unknown field(s) {', '.join(unknown)} (known: {', '.join(FIELDS)})")
    for key in ("hand", "gold", "by"):
        if key not in data:
            raise CalcError(f"missing field {key!r}")
        if not isinstance(data[key], str):
            raise CalcError(f"field {key!r} must be a string, not {json.dumps(data[key])}")
    if data.get("win") is not None and not isinstance(data["win"], str):
        raise CalcError(f"field 'win' must be a string, not {json.dumps(data['win'])}")
    melds = data.get("melds")
    if melds is not None and not isinstance(melds, str):
        if not isinstance(melds, list) or not all(isinstance(m, str) for m in melds):
            raise CalcError(
                f'field \'melds\' must be a list of strings like ["chi 123m", "pong 555p"], '
                f"not {json.dumps(melds)}"
            )
    for key in _BOOL_FIELDS:
        if key in data and not isinstance(data[key], bool):
            raise CalcError(f"field {key!r} must be true or false, not {json.dumps(data[key])}")
    if "streak" in data and (
        isinstance(data["streak"], bool) or not isinstance(data["streak"], int)
    ):
        raise CalcError(
            f"field 'streak' must be a whole number ≥ 1, not {json.dumps(data['streak'])}"
        )


def _check_gold_count(golds: int, gold: int, robbed: bool, in_play: bool) -> None:
    """The game holds 3 golds: the fourth copy is the indicator, set aside face up unless it is
    robbed (抢金) or stays in play (``indicator_in_play``) (rules.md §4, §8)."""
    most = COPIES if robbed or in_play else COPIES - 1
    if golds > most:
        raise CalcError(
            f"hand holds {golds} golds ({tile_str(gold)}), but the game has only {most}: the "
            "fourth copy is the indicator, set aside face up (add robbed if this hand robbed it, "
            "or indicator_in_play)"
        )


def build_input(data: dict[str, Any]) -> WinInput:
    """Check every field and build the ``WinInput`` (raises ``CalcError`` when malformed)."""
    _check_types(data)
    if data["by"] not in BY_VALUES:
        raise CalcError(f"unknown 'by' {data['by']!r}: use one of {', '.join(BY_VALUES)}")
    by = WinBy(data["by"])
    gold = _one_tile(data["gold"], "gold")
    if gold == WHITE:
        raise CalcError("gold must be a suited tile such as 3s: 白板 (w) is never the gold")
    concealed, melds = _hand_and_melds(data, gold)

    streak = data.get("streak", 1)
    if streak < 1:
        raise CalcError(f"streak must be a whole number ≥ 1, not {streak}")
    dealer = data.get("dealer", False)
    robbed = data.get("robbed", False)
    start = data.get("start", False)
    if by == WinBy.HEAVEN and not dealer:
        raise CalcError("by heaven (天胡) is the dealer's win: add dealer")

    golds = sum(1 for t in concealed if t == gold)
    if robbed and golds == 0:
        raise CalcError(
            f"robbed says one gold in hand is the robbed indicator, but hand has no {tile_str(gold)}"
        )
    _check_gold_count(golds, gold, robbed, data.get("indicator_in_play", False))
    _check_hand_size(len(concealed), len(melds), golds - (1 if robbed else 0), by, start)

    return WinInput(
        concealed=tuple(concealed),
        melds=tuple(melds),
        gold=gold,
        win_tile=_win_tile(data.get("win"), by, concealed, gold),
        by=by,
        dealer=dealer,
        streak=streak,
        robbed=robbed,
        start=start,
        declined_three_gold=data.get("declined_three_gold", False),
    )


def _hand_and_melds(data: dict[str, Any], gold: int) -> tuple[list[int], list[Meld]]:
    """The concealed tiles and the checked melds, no tile more than four times in all."""
    try:
        concealed = parse_tiles(data["hand"])
    except TileError as e:
        raise CalcError(f"hand: {e}") from None

    raw_melds = data.get("melds") or []
    melds = [
        check_meld(kind, tiles, gold)
        for kind, tiles in parse_melds([raw_melds] if isinstance(raw_melds, str) else raw_melds)
    ]
    if len(melds) > 5:
        raise CalcError(f"{len(melds)} melds: a hand has at most 5")

    counts = counts_of([*concealed, *(t for m in melds for t in m.tiles)])
    too_many = [tile_str(t) for t, n in enumerate(counts) if n > COPIES]
    if too_many:
        raise CalcError(
            f"more than {COPIES} copies of {', '.join(too_many)} in hand and melds together"
        )
    return concealed, melds


def _check_hand_size(size: int, meld_count: int, own_golds: int, by: WinBy, start: bool) -> None:
    """A finished hand has 3 tiles per missing meld + 2 concealed, the winning tile included;
    ``own_golds``: the golds in hand, the robbed indicator not counted."""
    groups = 5 - meld_count
    winning = 3 * groups + 2
    # 三金倒 by a non-dealer in the 抢金 window happens before their draw (rules.md §7, §8).
    three_gold_at_start = by == WinBy.SELF and start and own_golds >= 3
    if size != winning and not (three_gold_at_start and size == winning - 1):
        allowed = f"{winning}"
        if three_gold_at_start:
            allowed += f" (or {winning - 1} for 三金倒)"
        elif by == WinBy.SELF and own_golds >= 3 and size == winning - 1:
            allowed += f" ({winning - 1} only for 三金倒 in the start window: add start)"
        raise CalcError(
            f"hand has {size} tiles; with {meld_count} meld(s) a finished hand has "
            f"{allowed} concealed tiles, the winning tile included"
        )


def _win_tile(win_text: Any, by: WinBy, concealed: list[int], gold: int) -> int | None:
    """The winning tile: required but by heaven, in the hand, never a gold won on a discard."""
    if win_text is None:
        if by != WinBy.HEAVEN:
            raise CalcError(f"win (the winning tile) is required when by is {by}")
        return None
    win_tile = _one_tile(win_text, "win")
    if win_tile not in concealed:
        raise CalcError(f"win {win_text} is not in hand (hand holds the winning tile too)")
    if win_tile == gold and by == WinBy.DISCARD:
        raise CalcError(
            f"win {win_text} is the gold, and golds are never discarded (rules.md §4): "
            "a gold is won only by drawing it (by self) or robbing it (by rob)"
        )
    return win_tile


# ---------------------------------------------------------------------------------------------
# Output


def result_json(score: WinScore) -> dict[str, Any]:
    """The output object of interfaces.md §1."""
    if not score.legal:
        return {"legal": False, "reason": score.reason}
    assert score.pay_other is not None
    return {
        "legal": True,
        "pattern": score.pattern,
        "fan": {"zhuang": score.zhuang, "jin": score.jin, "gang": score.gang},
        "pay": {
            "dealer": None if score.pay_dealer is None else score.pay_dealer.amount,
            "other": score.pay_other.amount,
        },
        "total": score.total,
    }


def result_text(score: WinScore) -> str:
    """A readable breakdown, Chinese first with English alongside."""
    if not score.legal:
        return f"不是和牌 not a legal win: {score.reason}"
    assert score.pay_other is not None
    lines = [
        f"{pattern_name(score.pattern, 'zh')} {pattern_name(score.pattern, 'en')}   "
        f"庄番 {score.zhuang} · 金番 {score.jin} · 杠番 {score.gang}"
    ]
    if score.pay_dealer is None:
        lines.append(f"  三家各付 each of three pays  {payment_text(score.pay_other, 'zh')}")
    else:
        lines.append(f"  庄家 dealer pays      {payment_text(score.pay_dealer, 'zh')}")
        lines.append(f"  闲家 each other pays  {payment_text(score.pay_other, 'zh')}")
    lines.append(f"合计 total +{score.total}")
    others = sorted(
        ((total, p) for p, total in score.candidates.items() if p != score.pattern),
        key=lambda item: -item[0],
    )
    if others:
        lines.append(
            "also: " + " · ".join(f"{pattern_name(p, 'zh')} {total}" for total, p in others)
        )
    return "\n".join(lines)


def _dumps(obj: dict[str, Any]) -> str:
    return dumps_line(obj, separators=None)


# ---------------------------------------------------------------------------------------------
# Command line


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, no usage block: the same shape as every other malformed-input message.
        self.exit(EXIT_MALFORMED, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog=PROG,
        description="Score a finished Ningde Mahjong hand (rules.md §9, §11).",
        epilog="Exit status: 0 legal win, 1 not a legal win, 2 malformed input.",
    )
    p.add_argument("--hand", help="concealed tiles after winning, winning tile included")
    p.add_argument(
        "--melds",
        action="append",
        help='declared melds, e.g. "chi 123m, pong 555p, kong 7777s, ankong 9999p"',
    )
    p.add_argument("--gold", help="the gold kind, e.g. 3s")
    p.add_argument("--win", help="the winning tile (optional for --by heaven)")
    p.add_argument("--by", help="discard | self | rob | heaven")
    p.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    p.add_argument("--streak", help="dealer streak 庄番 (≥ 1, default 1)")
    p.add_argument("--robbed", action="store_true", help="one gold in hand is the robbed indicator")
    p.add_argument("--start", action="store_true", help="the win is in the start window")
    p.add_argument(
        "--declined-three-gold", action="store_true", help="the winner declined 三金倒 earlier"
    )
    p.add_argument(
        "--indicator-in-play",
        action="store_true",
        help="the room plays the flipped indicator as a fourth gold (rules.md §4)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--batch", metavar="FILE", help="JSON Lines in (FILE or - for stdin), out")
    return p


def _flags_to_fields(args: argparse.Namespace) -> dict[str, Any]:
    for flag in ("hand", "gold", "by"):
        if getattr(args, flag) is None:
            raise CalcError(f"--{flag} is required (or use --batch FILE)")
    for flag in ("hand", "gold", "by", "win", "melds", "streak"):
        values = getattr(args, flag)
        for value in values if isinstance(values, list) else [values]:
            try:
                if value is not None:
                    value.encode("utf-8")
            except UnicodeEncodeError:  # undecodable bytes in argv become surrogates
                raise CalcError(f"--{flag} is not UTF-8 text") from None
    data: dict[str, Any] = {"hand": args.hand, "gold": args.gold, "by": args.by}
    if args.win is not None:
        data["win"] = args.win
    if args.melds:
        data["melds"] = args.melds
    if args.streak is not None:
        try:
            if len(args.streak.strip().lstrip("+-")) > MAX_INT_DIGITS:
                raise ValueError(args.streak)
            data["streak"] = int(args.streak)
        except ValueError:
            raise CalcError(f"--streak must be a whole number ≥ 1, not {args.streak!r}") from None
    for key in _BOOL_FIELDS:
        if getattr(args, key):
            data[key] = True
    return data


def score_line(line: str | RawLine) -> dict[str, Any]:
    """One --batch line (a JSON object) to its output object; malformed -> {"error": ...}.
    The line is read by ``jsonline.parse_object`` (size, depth and numbers capped)."""
    if isinstance(line, str):
        line = next(text_raw_lines([line]))
    try:
        fields = parse_object(line)
    except LineError as e:
        return {"error": e.reason}
    try:
        return result_json(evaluate_win(build_input(fields)))
    except CalcError as e:
        return {"error": str(e)}


def _batch_stream(source: str) -> BinaryIO:
    if source != "-":
        return open(source, "rb")  # noqa: SIM115 - closed by run_batch
    stdin = sys.stdin
    if hasattr(stdin, "buffer"):
        return stdin.buffer
    return io.BytesIO(stdin.read().encode("utf-8", errors="surrogateescape"))  # a test's StringIO


def run_batch(source: str, out: TextIO) -> int:
    """One answer per non-blank line, files and stdin alike: a malformed line (not JSON, not
    UTF-8, too long, too deep) is an ``{"error": "line N: ..."}`` and the run goes on."""
    try:
        stream = _batch_stream(source)
    except OSError as e:
        print(f"{PROG}: cannot read batch file {source!r}: {e.strerror or e}", file=sys.stderr)
        return EXIT_MALFORMED
    try:
        for line in raw_lines(stream):
            if line.blank:
                continue
            try:
                result = score_line(line)
            except Exception as e:  # noqa: BLE001 - a bug must not cost the later lines
                result = {"error": f"could not be scored (internal error {type(e).__name__})"}
            if "error" in result:
                result = {"error": f"line {line.number}: {result['error']}"}
            out.write(_dumps(result) + "\n")
            out.flush()
    except OSError as e:
        print(f"{PROG}: cannot read batch file {source!r}: {e.strerror or e}", file=sys.stderr)
        return EXIT_MALFORMED
    finally:
        if source != "-":
            stream.close()
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help (0) or a usage error (2, already reported)
        return e.code if isinstance(e.code, int) else EXIT_MALFORMED

    if args.batch is not None:
        used = [
            f"--{name.replace('_', '-')}"
            for name in FIELDS
            if getattr(args, name) not in (None, False)
        ]
        if used:
            print(
                f"{PROG}: --batch takes its fields from the file, not {' '.join(used)}",
                file=sys.stderr,
            )
            return EXIT_MALFORMED
        return run_batch(args.batch, sys.stdout)

    try:
        win_input = build_input(_flags_to_fields(args))
    except CalcError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return EXIT_MALFORMED
    score = evaluate_win(win_input)
    print(_dumps(result_json(score)) if args.json else result_text(score))
    return EXIT_OK if score.legal else EXIT_NOT_A_WIN
