"""``ningde host --web``: the room's tables in a web browser through textual-serve, one page per
seat, for friends without Python.

``/`` lists the four seats: who sits there, free or taken, a bot's level. A free player's seat
has a small form (a name, a language) that opens ``/seat/N``: textual-serve's page, whose
websocket (``/ws/seat/N``) starts ``ningde join URL`` for that seat in a process of its own;
``/watch`` does the same with ``--watch``.

A seat taken in a browser is reserved by the host when its socket opens (``Room.reserve``, not
as the host's own seat). Its token goes into that seat's own data folder (one private temporary
folder per seat, 0700, the token file 0600, all removed when the host stops), and the join
process runs with ``NINGDE_DATA_DIR`` (and the settings folder) pointing there: the token is on
no command line and in no URL, and no seat reads another's token or the host user's data. Each
join process is tethered to the host (``cli.tether``): killed, the host takes its tables with
it, and they remove the seats' folders it could not (or the next host does, if no table was
left to do it).

The seat belongs to the browser that took it: a random cookie, HttpOnly and SameSite=Lax (a
link from a chat or a mail still opens the seat with it; another site's page cannot use the
socket, whose Origin must be this server's). When its tab is closed and opened again, the same
browser's page for the seat starts the join process again, which reclaims the seat with its
token (within the grace, or later, when the bot steps aside). The room file keeps a digest of
the browser's key beside the seat's token, so after ``ningde host --continue`` the same
browser's page opens the seat again and no other browser's does. Another browser gets a page
saying the seat is taken, and a second tab of the same browser while the first still plays
gets a page saying so: neither takes it over.

At most ``max_sessions`` tables run at once (default: the seats open to browsers plus
``WATCHERS``); a watcher is let in only while a place is left for every seat still waiting for
its browser. Everything else is ``ningde serve``'s (``CappedServer``): the websocket only from
the page's own origin, answers only to this server's own name on loopback, bounded input and
terminal sizes, a table ending with its tab and every table with the host.
"""

from __future__ import annotations

import html
import os
import secrets
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote

from aiohttp import web

from ..i18n.words import LANGS
from ..net.client import TokenStore
from ..net.hosting import local_url
from ..net.protocol import BOT
from ..net.room import Room
from ..net.tokens import browser_digest
from ..records.checks import default_name
from ..records.record import MAX_NAME_CHARS, check_name
from ..records.storage import ENV_DATA_DIR
from ..settings.store import ENV_CONFIG_DIR
from ..ui.palette import BLUE, FELT, GOLD, MUTED, TEXT
from .serve import BoundedAppService, CappedServer, Launch
from .tether import ENV_HOST_FOLDER, ENV_HOST_PID, new_folder, sweep

WATCHERS = 2  # browser watchers the default cap leaves room for
BROWSER_COOKIE = "ningde_browser"  # which browser took a seat: a random key
NAME_COOKIE = "ningde_name"  # the name last given, for the form and the seat's table
LANG_COOKIE = "ningde_lang"
COOKIE_DAYS = 7
LANGUAGE_NAMES = {"zh": "中文", "en": "English"}
MAX_KEY = 64  # characters of a browser key (ours have 43)
MAX_NAME_COOKIE = MAX_NAME_CHARS * 12  # a name, percent-encoded

# what a seat is to the browser asking
FREE = "free"  # a player's seat nobody holds: this browser may take it
YOURS = "yours"  # taken by this browser, its table not open: open it again
OPEN = "open"  # taken by this browser, its table open in another tab
TAKEN = "taken"  # held by someone else (another browser, a terminal)
HOSTS = "host"  # the host's own table
BOTS = "bot"


@dataclass(frozen=True)
class SeatLaunch(Launch):
    """A table for a seat (None: a watcher's)."""

    seat: int | None = None


def default_sessions(room: Room) -> int:
    """The seats a browser may take (the players' seats nobody holds yet) plus ``WATCHERS``."""
    held = room.tokens.tokens
    players = [s for s, p in enumerate(room.statuses()) if p.kind != BOT and held[s] is None]
    return len(players) + WATCHERS


class RoomWebServer(CappedServer):
    """The web pages of one room (``room``, reached by the tables at ``room_url``), on the
    caller's event loop: ``await start()``, then ``url``; ``await close()`` ends every table."""

    def __init__(
        self,
        room: Room,
        room_url: str,
        *,
        host: str,
        port: int,
        max_sessions: int | None = None,
    ) -> None:
        limit = default_sessions(room) if max_sessions is None else max_sessions
        super().__init__("", max_sessions=limit, host=host, port=port, title="宁德麻将")
        self.room = room
        self.room_url = local_url(room_url)
        self.playing: set[int] = set()  # seats whose table is open in a browser
        self.folder: Path | None = None  # the seats' private data folders
        self._lock: int | None = None  # held while this host lives (``tether.new_folder``)
        self._runner: web.AppRunner | None = None

    # ------------------------------------------------------------------ running
    async def start(self) -> None:
        """Listen (``port`` 0: any free port; ``port`` is then the one bound). OSError if the
        address cannot be had."""
        self.folder, self._lock = new_folder()  # 0700
        sweep(self.folder.parent)  # the folders of hosts killed before
        runner = web.AppRunner(
            await self.web_application(), handle_signals=False, access_log=None, shutdown_timeout=5
        )
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except BaseException:
            await runner.cleanup()
            self._remove_folder()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    async def close(self) -> None:
        """Stop listening, end every table (asked to quit, killed if it does not) and remove
        the seats' data folders."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._remove_folder()

    def _remove_folder(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    async def web_application(self) -> web.Application:
        app = await super().web_application()
        app.router.add_get("/seat/{seat}", self.handle_seat, name="seat")
        app.router.add_get("/watch", self.handle_watch, name="watch")
        app.router.add_get("/ws/seat/{seat}", self.handle_websocket, name="seat_websocket")
        app.router.add_get("/ws/watch", self.handle_websocket, name="watch_websocket")
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: the host prints its own banner."""

    # ------------------------------------------------------------------ seats
    def state(self, seat: int, key: str | None) -> str:
        """What ``seat`` is to the browser whose key is ``key`` (None: it has none yet)."""
        status = self.room.statuses()[seat]
        if status.kind == BOT:
            return BOTS
        if seat == self.room.tokens.host_seat:
            return HOSTS
        if self.room.tokens.browsers[seat] is not None:  # kept in the room file
            if not self.room.tokens.taken_by(seat, key):
                return TAKEN
            return OPEN if seat in self.playing else YOURS
        if self.room.tokens.tokens[seat] is not None or self.room.started:
            return TAKEN
        return FREE

    def waiting(self) -> int:
        """Seats still waiting for a browser: free ones, and those taken in a browser whose
        table is not open."""
        count = 0
        for seat in range(4):
            owned = self.room.tokens.browsers[seat] is not None and seat not in self.playing
            count += owned or self.state(seat, None) == FREE
        return count

    @property
    def watchers_full(self) -> bool:
        return len(self.games) + self.waiting() >= self.max_sessions

    def admit(self, request: web.Request) -> Launch | None:
        """A watcher's table while there is room for it; a seat's when this browser may open
        it (taking it if it is free), else 409 before the upgrade."""
        route = request.match_info.route.name
        if route == "watch_websocket":
            if self.watchers_full:
                return None
            return self._launch(None, ["--watch"], self._private("watch"))
        if route != "seat_websocket":
            raise web.HTTPNotFound(text="open a seat's page or the watch page")
        seat = _seat(request)
        key = _cookie(request, BROWSER_COOKIE)
        if key is None:
            raise web.HTTPForbidden(text="open the seat's page first")
        state = self.state(seat, key)
        if state not in (FREE, YOURS):
            raise web.HTTPConflict(text=SAYS[state][1])
        if self.full:
            return None
        name, lang = _name(request), _lang(request)
        folder = self._private(f"seat{seat + 1}")
        if state == FREE:
            self.room.reserve(seat, name or default_name(seat), own=False)
            self.room.tokens.browsers[seat] = browser_digest(key)
        token = self.room.tokens.tokens[seat]
        assert token is not None, "a seat taken in a browser has its token"
        # (again after ``--continue``: the seats' folders are new each time the host starts)
        TokenStore(folder / "rooms").save(self.room_url, token)
        self.playing.add(seat)
        return self._launch(seat, [*([f"--name={name}"] if name else []), "--lang", lang], folder)

    def release(self, game: BoundedAppService) -> None:
        launch = game.launch
        if isinstance(launch, SeatLaunch) and launch.seat is not None:
            self.playing.discard(launch.seat)

    def _private(self, name: str) -> Path:
        """A table's own data and settings folder (only the host's user may enter it)."""
        assert self.folder is not None, "start() first"
        folder = self.folder / name
        folder.mkdir(mode=0o700, exist_ok=True)
        return folder

    def _launch(self, seat: int | None, options: list[str], folder: Path) -> SeatLaunch:
        """``ningde join`` tethered to this process (``cli.tether``): it ends, and the seats'
        folders go, even when the host is killed."""
        argv = (sys.executable, "-m", "ningde_tui.cli.tether", "join", self.room_url, *options)
        env = {
            ENV_DATA_DIR: str(folder),
            ENV_CONFIG_DIR: str(folder / "settings"),
            ENV_HOST_PID: str(os.getpid()),
            ENV_HOST_FOLDER: str(self.folder),
        }
        return SeatLaunch(argv, env, seat)

    # ------------------------------------------------------------------ pages
    async def handle_index(self, request: web.Request) -> web.Response:
        self.check_host(request)
        key = _cookie(request, BROWSER_COOKIE)
        rows = "".join(self._row(seat, key, request) for seat in range(4))
        watch = (
            '<p><a href="/watch">观战 · watch the table</a></p>'
            if not self.watchers_full
            else "<p>观战已满 · no room for more watchers now</p>"
        )
        body = INDEX.format(room=html.escape(self.room.code), rows=rows, watch=watch)
        return _with_cookies(_page(body), request)

    def _row(self, seat: int, key: str | None, request: web.Request) -> str:
        status = self.room.statuses()[seat]
        name = html.escape(status.name or "")
        state = self.state(seat, key)
        if state == FREE:
            remembered = html.escape(_name(request), quote=True)
            languages = "".join(
                f'<option value="{lang}"{" selected" * (lang == _lang(request))}>'
                f"{LANGUAGE_NAMES.get(lang, lang)}</option>"
                for lang in LANGS
            )
            what = "空座位 · free: " + SIT_FORM.format(
                seat=seat + 1, name=remembered, languages=languages, most=MAX_NAME_CHARS
            )
        elif state == BOTS:
            what = f"机器人 bot · {html.escape(status.level)}"
        elif state == HOSTS:
            what = f"{name} · 房主 the host"
        elif state == YOURS:
            what = f'{name} · <a href="/seat/{seat + 1}">回到座位 · back to your seat</a>'
        elif state == OPEN:
            what = f"{name} · 你在另一个标签页里 · open in another tab of yours"
        elif status.connected:
            what = f"{name} · 在座 · seated"
        elif status.level:
            what = f"{name} · 暂离，机器人代打 · away, a bot plays until they are back"
        else:
            what = f"{name} · 暂离 · away, the seat waits for them"
        return f"<tr><th>{seat + 1}</th><td>{what}</td></tr>"

    async def handle_seat(self, request: web.Request) -> web.Response:
        self.check_host(request)
        seat = _seat(request)
        try:
            name = check_name(request.query.get("name", _name(request)).strip())
        except ValueError as exc:
            return _page(_message("名字不行 · not a name", str(exc)), 400)
        lang = request.query.get("lang", _lang(request))
        if lang not in LANGS:
            return _page(_message("没有这种语言 · no such language", " / ".join(LANGS)), 400)
        state = self.state(seat, _cookie(request, BROWSER_COOKIE))
        if state not in (FREE, YOURS):
            return _page(_message(*SAYS[state]), 409)
        if self.full:
            return self.full_page()
        response = self.game_page(request, f"/ws/seat/{seat + 1}")
        _set_cookie(response, NAME_COOKIE, quote(name))
        _set_cookie(response, LANG_COOKIE, lang)
        return _with_cookies(response, request)

    async def handle_watch(self, request: web.Request) -> web.Response:
        self.check_host(request)
        if self.watchers_full:
            return self.full_page()
        return self.game_page(request, "/ws/watch")


def _seat(request: web.Request) -> int:
    text = request.match_info.get("seat", "")
    if text not in ("1", "2", "3", "4"):
        raise web.HTTPNotFound(text="seats are 1 to 4")
    return int(text) - 1


def _cookie(request: web.Request, name: str, limit: int = MAX_KEY) -> str | None:
    value = request.cookies.get(name)
    return value if value and len(value) <= limit else None


def _name(request: web.Request) -> str:
    """The name the seat's socket (or the form) is given: the one last set, if it is one."""
    try:
        return check_name(unquote(_cookie(request, NAME_COOKIE, MAX_NAME_COOKIE) or "").strip())
    except ValueError:
        return ""


def _lang(request: web.Request) -> str:
    lang = _cookie(request, LANG_COOKIE)
    return lang if lang in LANGS else LANGS[0]


def _set_cookie(response: web.Response, name: str, value: str) -> None:
    """Kept ``COOKIE_DAYS`` days, out of scripts' reach; another site's page may link here
    with it (Lax) but not send it along with its own requests."""
    response.set_cookie(
        name, value, max_age=COOKIE_DAYS * 24 * 3600, httponly=True, samesite="Lax", path="/"
    )


def _with_cookies(response: web.Response, request: web.Request) -> web.Response:
    """The browser's key set if it has none (or not one of ours)."""
    if _cookie(request, BROWSER_COOKIE) is None:
        _set_cookie(response, BROWSER_COOKIE, secrets.token_urlsafe(32))
    return response


def _page(body: str, status: int = 200) -> web.Response:
    text = PAGE.format(body=body, felt=FELT, ink=TEXT, muted=MUTED, gold=GOLD, link=BLUE)
    return web.Response(text=text, status=status, content_type="text/html")


def _message(title: str, text: str) -> str:
    back = '<p><a href="/">所有座位 · every seat</a></p>'
    return f"<h1>{html.escape(title)}</h1><p>{html.escape(text)}</p>{back}"


# state → (the page's title, what it says)
SAYS = {
    TAKEN: ("这个座位有人了 · this seat is taken", "Someone else holds it. Pick a free seat."),
    OPEN: (
        "这个座位已经在另一个标签页里打开了 · this seat is open in another tab",
        "Play on in that tab, or close it and open the seat here again.",
    ),
    HOSTS: ("这是房主的座位 · this is the host's seat", "The host plays it in their terminal."),
    BOTS: ("这个座位是机器人的 · a bot plays this seat", "Pick a free player's seat."),
}

PAGE = """<!DOCTYPE html>
<html lang="zh"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>宁德麻将 · Ningde Mahjong</title>
<style>
body {{ background: {felt}; color: {ink}; font-family: sans-serif; padding: 1.5em; }}
h1 {{ color: {gold}; font-size: 1.4em; }}
a {{ color: {link}; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ padding: .5em .8em; text-align: left; border-bottom: 1px solid {muted}; }}
input, select, button {{ font-size: 1em; margin: .2em; }}
form {{ display: inline; }}
.hint {{ color: {muted}; }}
</style></head>
<body>{body}</body></html>
"""

INDEX = """<h1>宁德麻将 · 房间 {room}</h1>
<p class="hint">选一个空座位坐下，桌子就在这个浏览器里打开。关掉标签页后，用同一个浏览器回到本页可以回到你的座位。<br>
Pick a free seat and its table opens in this browser. Closed the tab? Come back to this page
in the same browser to return to your seat.</p>
<table>{rows}</table>
{watch}
"""

SIT_FORM = """<form action="/seat/{seat}" method="get">
<input name="name" value="{name}" placeholder="名字 · name" maxlength="{most}">
<select name="lang" aria-label="language">{languages}</select>
<button type="submit">坐这里 · sit here</button></form>"""
