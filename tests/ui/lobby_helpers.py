"""The lobby with no server: its address, and an app opening it without connecting."""

from __future__ import annotations

from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions, LobbyTarget

URL = "ws://127.0.0.1:7350/lobby"


def fixed_app(lang: str = "zh") -> NingdeApp:
    target = LobbyTarget(URL, "小林", connect=False)
    return NingdeApp(LaunchOptions(pace="instant", lang=lang, lobby=target), first_page="lobby")
