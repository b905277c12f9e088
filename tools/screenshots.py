"""README screenshots: SVGs of the start, table, result, help, hot-seat cover and replay
screens at 140×45 (the replay watches a bots' game recorded on the spot, as the demo plays),
a late hand at the table at 110×34, 160×50 and 200×60, in Chinese and English, and 复盘 in the
replay viewer and the 战绩 screen.

``python tools/screenshots.py [DIR]`` (``make screenshots``) (default ``screenshots/``). Rich's SVG export
squeezes a wide (CJK) character into one cell (rich issue #2742): ``fix_svg`` gives each text
run the width of its cells and puts CJK-capable monospaced fonts first in the font list.
"""

from __future__ import annotations

import asyncio
import html
import os
import re
import sys
import tempfile
from pathlib import Path

from rich.cells import cell_len
from textual.pilot import Pilot

# the chosen deals the tests use (tests/scenarios.py)
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from scenarios import (
    chi_choice_match,
    late_hand_match,
    three_claims_match,
    win_on_discard_match,
)

from ningde_tui.records.storage import ENV_DATA_DIR, GameRecorder
from ningde_tui.settings.store import ENV_CONFIG_DIR
from ningde_tui.table.match import Match
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions

SIZE = (140, 45)
TABLE_SIZES = ((110, 34), (160, 50), (200, 60))  # a late hand at each size the table scales to
# A CJK monospaced font with half-width box lines first; else Latin and box lines from a common
# monospaced font and the CJK characters from whichever CJK font the viewer has.
FONTS = (
    '"Sarasa Mono SC", "DejaVu Sans Mono", "Fira Code", "Noto Sans Mono CJK SC", '
    '"WenQuanYi Micro Hei Mono", "Source Han Mono SC", "Microsoft YaHei", monospace'
)
_TEXT_RUN = re.compile(
    r'<text ([^>]*?)x="([0-9.]+)"([^>]*?)textLength="([0-9.]+)"([^>]*)>(.*?)</text>', re.S
)
SPACES = " \xa0"  # a space, and the no-break space Rich writes for one
_FONT_FAMILY = re.compile(r"font-family: Fira Code, monospace;")


def _pieces(text: str) -> list[str]:
    """Runs of narrow characters, and each wide character on its own."""
    out: list[str] = []
    for ch in text:
        if cell_len(ch) == 2 or not out or cell_len(out[-1][-1]) == 2:
            out.append(ch)
        else:
            out[-1] += ch
    return out


def fix_svg(svg: str) -> str:
    """Draw the grid as the terminal does: every wide character gets its own ``<text>`` two
    cells wide at its cell, and runs of narrow characters are fitted to their cells (a CJK font
    draws box lines full-width: squeezed, they meet the corners again)."""

    def widen(m: re.Match[str]) -> str:
        before, x, middle, length, after, body = m.groups()
        text = html.unescape(body)
        if not text:
            return m.group(0)
        cell = float(length) / len(text)  # Rich gave each character one cell
        left = float(x)
        parts = []
        for piece in _pieces(text):
            width = cell * cell_len(piece)
            # spaces at a run's ends are drawn as its cells, not as text: a viewer drops a
            # text's leading space and stretches the rest over its cell ("You dealer" read
            # "Youdealer", "^p commands" "^pcommands")
            shown = piece.strip(SPACES)
            if shown:
                lead = cell * cell_len(piece[: len(piece) - len(piece.lstrip(SPACES))])
                shown_width = cell * cell_len(shown)
                wide = len(shown) == 1 and cell_len(shown) == 2
                fit = "" if wide else ' lengthAdjust="spacingAndGlyphs"'
                escaped = html.escape(shown, quote=False).replace(" ", "&#160;")
                parts.append(
                    f'<text {before}x="{left + lead:g}"{middle}textLength="{shown_width:g}"'
                    f"{fit}{after}>{escaped}</text>"
                )
            left += width
        return "".join(parts)

    svg = _TEXT_RUN.sub(widen, svg)
    return _FONT_FAMILY.sub(f"font-family: {FONTS};", svg)


async def settle(pilot: Pilot[None]) -> None:
    """Let the bots finish and the screen repaint."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _shot(
    app: NingdeApp,
    path: Path,
    keys: tuple[str, ...] = (),
    hover: str = "",
    size: tuple[int, int] = SIZE,
    click: str = "",
) -> None:
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if click:
            await pilot.click(click)
            await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        if hover:
            await pilot.hover(hover)
            await pilot.pause()
        path.write_text(fix_svg(app.export_screenshot()), encoding="utf-8")


def bots_record(path: Path, seed: int = 7, levels: tuple[str, ...] = ("normal",) * 4) -> Path:
    """One hand of four bots, recorded (what ``ningde demo`` plays and writes)."""
    path.unlink(missing_ok=True)
    match = Match.new(seed, list(levels), humans=(), recorder_path=path, rounds_limit=False)
    while not match.hand_over:
        step = match.next_bot()
        assert step is not None
        seat, obs, _ = step
        match.apply(match.players[seat].choose(obs))
    match.finish_hand()
    match.close()
    return path


def recorded(match: Match, path: Path) -> Match:
    """A hand-made deal written to a record as the table writes a game (its deal and the
    moves made so far), so that its result offers 复盘 as a saved game's does."""
    seats = [seat.to_record() for seat in match.seat_infos()]
    recorder = GameRecorder.create(path, match.session.config, seats, match.session.seed)
    recorder.hand(match.game)
    for action in match.game.decisions:
        recorder.act(action)
    match.recorder = recorder
    return match


async def write_all(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # empty data and config folders: the shots neither show nor touch the user's own
        # records and settings
        saved = {name: os.environ.get(name) for name in (ENV_DATA_DIR, ENV_CONFIG_DIR)}
        os.environ.update({ENV_DATA_DIR: tmp, ENV_CONFIG_DIR: tmp})
        try:
            record = bots_record(Path(tmp) / "demo.jsonl")
            paths = await _write_shots(out, record, Path(tmp) / "result.jsonl")
            return paths + await _write_learning_shots(out, Path(tmp))
        finally:
            for name, value in saved.items():
                if value is None:
                    del os.environ[name]
                else:
                    os.environ[name] = value


async def _write_shots(out: Path, record: Path, result_record: Path) -> list[Path]:
    steps = ("right",) * 10
    shots = [
        (NingdeApp(LaunchOptions(seed=7, pace="instant")), "start.svg", (), ""),
        (
            NingdeApp(LaunchOptions(pace="instant", match=chi_choice_match())),
            "table.svg",
            (),
            "#choice-1",
        ),
        (
            NingdeApp(
                LaunchOptions(pace="instant", match=recorded(win_on_discard_match(), result_record))
            ),
            "result.svg",
            ("m",),
            "",
        ),
        (
            NingdeApp(LaunchOptions(seed=7, pace="instant", start_screen=False)),
            "help.svg",
            ("question_mark",),
            "",
        ),
        (
            NingdeApp(LaunchOptions(pace="instant", match=three_claims_match())),
            "hotseat.svg",
            (),
            "",
        ),
        (NingdeApp(LaunchOptions(pace="instant", replay=record)), "replay.svg", steps, ""),
    ]
    paths = []
    for app, name, keys, hover in shots:
        path = out / name
        await _shot(app, path, keys, hover)
        paths.append(path)
    for width, height in TABLE_SIZES:
        for lang in ("zh", "en"):
            path = out / f"table-{width}x{height}{'' if lang == 'zh' else '-en'}.svg"
            app = NingdeApp(LaunchOptions(pace="instant", match=late_hand_match(), lang=lang))
            await _shot(app, path, size=(width, height))
            paths.append(path)
    return paths


async def _write_learning_shots(out: Path, data: Path) -> list[Path]:
    """复盘 in the replay viewer (a random player's seat at its first difference from the hard
    bot) and the 战绩 screen over three simulated sessions."""
    from ningde_tui.cli.simulate import main as simulate

    mixed = bots_record(data / "mixed.jsonl", 5, ("hard", "random", "normal", "normal"))
    review = out / "review.svg"
    await _shot(
        NingdeApp(LaunchOptions(pace="instant", replay=mixed, replay_seat=1)), review, ("r", "n")
    )
    quiet = ["--hands", "48", "--seed", "8", "--bots", "hard,normal,easy,random"]
    with open(os.devnull, "w") as sink:
        saved, sys.stdout = sys.stdout, sink
        try:
            simulate([*quiet, "--record", str(data / "records")])
        finally:
            sys.stdout = saved
    stats = out / "stats.svg"
    await _shot(NingdeApp(LaunchOptions(seed=7, pace="instant")), stats, click="#stats")
    return [review, stats]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("screenshots")
    for path in asyncio.run(write_all(out)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
