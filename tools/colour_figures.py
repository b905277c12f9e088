"""The theme's colours as a colour-blind eye sees them, and their contrast.

``python tools/colour_figures.py`` prints two tables (Markdown), the figures of
``docs/research/colour.md``:

- the colours the table tells apart (万 from 条, a gain from a loss, the gold's face from a
  tile's…): their distance ΔE in CAM02-UCS (colorspacious), with normal vision and under a
  full deuteranopia, protanopia and tritanopia (Machado et al. 2009, severity 100);
- text on its background: the WCAG 2 contrast ratio.

``tests/ui/test_palette_vision.py`` holds the palette to the floors below. Needs the test
dependencies (colorspacious).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from colorspacious import cspace_convert, deltaE

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ningde_tui.ui import palette as P  # noqa: E402

VISIONS = ("normal", "deuteranomaly", "protanomaly", "tritanomaly")
# what the figures are held to: ΔE between two colours the player tells apart, under normal
# vision and the two common colour blindnesses (red-green); tritanopia is shown, not held
DISTINCT = 15.0
HELD = VISIONS[:3]
TEXT_CONTRAST = 4.5  # WCAG AA for text
# a pond's every other tile, on a shade darker so that touching tiles stay apart: its faces
# are bold, and the shade cannot come nearer the tile's without losing its use
SHADE_CONTRAST = 3.5
V = P.THEME.variables

# colours told apart: (what, first, second); a pair also told by a mark says so in ``marked``
PAIRS: tuple[tuple[str, str, str], ...] = (
    ("万 / 条 on a tile", P.SUIT["m"], P.SUIT["s"]),
    ("万 / 筒 on a tile", P.SUIT["m"], P.SUIT["p"]),
    ("筒 / 条 on a tile", P.SUIT["p"], P.SUIT["s"]),
    ("万 / 条 in text", P.SUIT_ON_DARK["m"], P.SUIT_ON_DARK["s"]),
    ("万 / 筒 in text", P.SUIT_ON_DARK["m"], P.SUIT_ON_DARK["p"]),
    ("筒 / 条 in text", P.SUIT_ON_DARK["p"], P.SUIT_ON_DARK["s"]),
    ("gain / loss", P.GOOD, P.BAD),
    ("gold's face / a tile's", P.GOLD, P.IVORY),
    ("last discard / a tile", P.LIT, P.IVORY),
    ("last discard / the other shade", P.LIT, P.IVORY_ALT),
    ("called-away discard / a tile", P.TAKEN, P.IVORY),
    ("drawable wall / reserve", P.WALL_DRAWABLE[0], P.WALL_RESERVE[0]),
    ("edge: highlighted / plain", V["edge-highlight"], V["edge"]),
)
# pairs a shape or mark tells apart too (the colour is a help, not the message)
MARKED = {
    "万 / 白板 on a tile": (P.SUIT["m"], P.SUIT["w"], "白板 its own face"),
    "筒 / 白板 on a tile": (P.SUIT["p"], P.SUIT["w"], "白板 its own face"),
    "条 / 白板 on a tile": (P.SUIT["s"], P.SUIT["w"], "白板 its own face"),
    "called tile in a meld / a tile": (P.CALLED, P.IVORY, "underlined"),
    "whose turn: lit panel / cloth": (P.PANEL_LIT, P.FELT, "▶ by the name"),
    "edge: cursor / plain": (V["edge-cursor"], V["edge"], "raised a row"),
    "edge: highlighted / cursor": (V["edge-highlight"], V["edge-cursor"], "heavy lines"),
}

# text on its background
TEXTS: tuple[tuple[str, str, str], ...] = (
    ("text / cloth", P.TEXT, P.FELT),
    ("quiet text / cloth", P.SOFT, P.FELT),
    ("secondary text / cloth", P.MUTED, P.FELT),
    ("keys / cloth", P.KEY, P.FELT),
    ("gold / cloth", P.GOLD, P.FELT),
    ("gain / lit panel", P.GOOD, P.PANEL_LIT),
    ("loss / lit panel", P.BAD, P.PANEL_LIT),
    ("筒 in text / lit panel", P.BLUE, P.PANEL_LIT),
    ("called-from arrow / cloth", P.CALL, P.FELT),
    ("last discard ◀ / cloth", P.LIT, P.FELT),
    ("reserve / cloth", P.RESERVE_TEXT, P.FELT),
    ("wall counts / cloth", P.WALL_TEXT, P.FELT),
    ("text / lit panel", P.TEXT, P.PANEL_LIT),
    ("text / bars", P.TEXT, P.FELT_DARK),
    *((f"{k} / tile", P.SUIT[k], P.IVORY) for k in "mpsw"),
    *((f"{k} / last discard", P.SUIT[k], P.LIT) for k in "mpsw"),
    ("a gold's face", P.ON_GOLD, P.GOLD),
    ("金 on a gold's edge", P.GOLD_DARK, P.GOLD),
    ("a choice", P.TEXT, V["choice"]),
    ("the selected choice", P.TEXT, V["choice-focus"]),
    ("a win choice", P.ON_GOLD, P.GOLD),
)
SHADED: tuple[tuple[str, str, str], ...] = tuple(
    (f"{k} / tile, other shade", P.SUIT[k], P.IVORY_ALT) for k in "mpsw"
)
# text meant to be quiet: shown, not held to the floor
QUIET = {
    "called-away discard": (P.TAKEN_TEXT, P.TAKEN),
    "separators": (P.DIM, P.FELT),
    "a face-down tile": (P.BACK_TEXT, P.BACK),
}


def rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])


def seen(colour: str, vision: str) -> np.ndarray:
    """The colour as ``vision`` sees it (sRGB, 0–1)."""
    if vision == "normal":
        return rgb(colour)
    cvd = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    return np.clip(cspace_convert(rgb(colour), cvd, "sRGB1"), 0, 1)


def distance(a: str, b: str, vision: str) -> float:
    """ΔE in CAM02-UCS between two colours as ``vision`` sees them."""
    return float(deltaE(seen(a, vision), seen(b, vision), input_space="sRGB1"))


def luminance(colour: str) -> float:
    c = rgb(colour)
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return float(0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2])


def contrast(fg: str, bg: str) -> float:
    """The WCAG 2 contrast ratio (1–21)."""
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def distances(pairs: dict[str, tuple[str, str]]) -> list[str]:
    rows = ["| colours | " + " | ".join(VISIONS).replace("anomaly", "anopia") + " |"]
    rows.append("|---" * (len(VISIONS) + 1) + "|")
    for what, (a, b) in pairs.items():
        rows.append(f"| {what} | " + " | ".join(f"{distance(a, b, v):.1f}" for v in VISIONS) + " |")
    return rows


def main() -> None:
    print(f"ΔE (CAM02-UCS), held to {DISTINCT} under normal, deuteranopia and protanopia:\n")
    print("\n".join(distances({w: (a, b) for w, a, b in PAIRS})))
    print("\nTold by a mark as well (not held):\n")
    print("\n".join(distances({f"{w} ({m})": (a, b) for w, (a, b, m) in MARKED.items()})))
    print(f"\nContrast (WCAG 2), held to {TEXT_CONTRAST}:\n")
    print("| text | ratio |\n|---|---|")
    for what, fg, bg in TEXTS:
        print(f"| {what} | {contrast(fg, bg):.2f} |")
    print(f"\nA pond's other shade (bold faces), held to {SHADE_CONTRAST}:\n")
    print("| text | ratio |\n|---|---|")
    for what, fg, bg in SHADED:
        print(f"| {what} | {contrast(fg, bg):.2f} |")
    print("\nQuiet on purpose (not held):\n")
    print("| text | ratio |\n|---|---|")
    for what, (fg, bg) in QUIET.items():
        print(f"| {what} | {contrast(fg, bg):.2f} |")


if __name__ == "__main__":
    main()
