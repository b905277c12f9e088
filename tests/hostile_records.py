"""The hostile record lines a fuzzing run found (each once crashed a command or
took seconds), as line 2 of tests/records/heaven.jsonl; shared by the record and UI tests."""

from __future__ import annotations

import json
from pathlib import Path

RECORDS = Path(__file__).parent / "records"
HEAVEN = (RECORDS / "heaven.jsonl").read_text(encoding="utf-8").split("\n")[:-1]


def hand_line(**change: object) -> str:
    return json.dumps({**json.loads(HEAVEN[1]), **change}, ensure_ascii=False)


def wall_with(index: int, tile: str) -> list[str]:
    wall = list(json.loads(HEAVEN[1])["wall"])
    wall[index] = tile
    return wall


# the real failing inputs of the fuzzing run: (id, line 2 of heaven.jsonl replaced by ...)
DEEP = '{"t": "hand", "x": ' + "[" * 30000 + "]" * 30000 + "}"  # under the size cap
HOSTILE_LINES = {
    "superscript digit in the wall": (hand_line(wall=wall_with(0, "²m")), ("bad tile", "²")),
    "full-width digit in the wall": (hand_line(wall=wall_with(5, "５p")), ("bad tile", "５")),
    "an integer of 4,400 digits": (
        HEAVEN[1].replace('"dealer": 0', '"dealer": ' + "9" * 4400),
        ("4400 digits",),
    ),
    "brackets nested 30,000 deep": (DEEP, ("nested",)),
    "brackets nested 100,000 deep": ("[" * 100000 + "]" * 100000, ("bytes long",)),
    "NaN": (HEAVEN[1].replace('"streak": 1', '"streak": NaN'), ("NaN",)),
    "a lone surrogate": (
        HEAVEN[1].replace('"t": "hand"', '"t": "hand\\ud800"'),
        ("surrogate",),
    ),
    "a wall of 5,000 tiles": (hand_line(wall=["1m"] * 5000), ("112", "5000")),
}


def write_record(tmp_path: Path, lines: list[str], name: str = "bad.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(("\n".join(lines) + "\n").encode("utf-8", errors="surrogatepass"))
    return path
