"""An outside bot for a room: ``ningde join ws://HOST:PORT/ROOM --bot-cmd "python protocol_bot.py"``.

It reads the room's messages (docs/bots-protocol.md, interfaces.md §6), one JSON object per line, on
stdin, and answers every ``state`` that offers it a decision with one ``act`` object per line on
stdout. Only the standard library: any language that reads and writes lines of JSON can do the
same. Its play is simple on purpose: 胡 whenever it may, never claim, and discard the loneliest
tile first (a tile with no neighbour; a 白板 it treats, too simply, as a tile of its own: it
stands for the gold's face, as efficiency_bot.py counts it).
"""

from __future__ import annotations

import json
import sys


def neighbours(tile: str, hand: list[str]) -> int:
    """How many tiles of the hand lie within two of ``tile`` in its suit (itself counted)."""
    if len(tile) != 2 or not tile[0].isdigit():
        return hand.count(tile) * 3  # a 白板, taken here as pairing only with itself
    rank, suit = int(tile[0]), tile[1]
    return sum(
        1
        for other in hand
        if len(other) == 2
        and other[1] == suit
        and other[0].isdigit()
        and abs(int(other[0]) - rank) <= 2
    )


def choose(obs: dict) -> dict:
    legal = obs["legal"]
    for wanted in ("win", "three_gold", "rob_gold", "pass"):
        for action in legal:
            if action["a"] == wanted:
                return action
    discards = [a for a in legal if a["a"] == "discard"]
    hand = obs["hand"]
    return min(discards, key=lambda a: (neighbours(a["tile"], hand), a["tile"]))


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("t") == "state" and message["obs"]["legal"]:
            answer = {"t": "act", "seq": message["seq"], **choose(message["obs"])}
            print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
