"""Chinese characters drawn whole where widgets overlap: a notice over the hand at every size.

Textual cuts each widget's row at the edges of every widget on it, those beneath included, and
a cut through a wide character turned it into two spaces: pressing z at the table showed
"  动过" for "自动过：开", d "摸  ：关", f "脑速    普通" (Textual's issue #6357; the game draws
them whole, ``textual_compat.keep_wide_characters_whole``)."""

from __future__ import annotations

from typing import Any

import pytest
from pilot_helpers import settle, table_app

from ningde_tui.ui.textual_compat import TEXTUAL_PINNED, screen_strips

SIZES = [(110, 34), (111, 34), (160, 50), (161, 50), (200, 60), (201, 60)]  # odd widths too
NOTICES = [("z", "自动过：开"), ("d", "摸切：开"), ("f", "电脑速度：快"), ("a", "自动胡：开")]


def screen_text(pilot) -> str:
    return "\n".join(strip.text for strip in screen_strips(pilot.app.screen))


@pytest.mark.skipif(not TEXTUAL_PINNED, reason="Textual's own cutting on other versions")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_notice_over_the_hand_is_drawn_whole(size: tuple[int, int]) -> None:
    app = table_app(seed=3)
    notify = app.notify

    def lasting(*args: Any, **kwargs: Any) -> None:
        """Each notice stays up while it is looked for: a two-second notice could come and
        go between two looks at a busy machine's screen."""
        notify(*args, **{**kwargs, "timeout": 120})

    app.notify = lasting  # type: ignore[method-assign]
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        for key, text in NOTICES:
            app.clear_notifications()
            await pilot.press(key)
            for _ in range(400):  # until the notice is up (a busy machine may take a while)
                await pilot.pause(0.05)
                if text in screen_text(pilot):
                    break
            assert text in screen_text(pilot), (key, text, screen_text(pilot)[-400:])
