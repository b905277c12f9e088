"""Every string the player reads, in Chinese (the default) and English.

``WORDS`` holds each key's strings side by side, grouped by the screen that shows them:
``(Chinese, English)``, and for a sentence about a seat that may be the viewer's own a third,
the English told to "You" (``{name} discards {tile}``, ``You discard {tile}``): Chinese names
你 like any other seat, English conjugates. ``tr(lang, key, **values)`` formats one entry;
``ZH`` and ``EN`` are the two languages' tables (a test checks they hold the same keys and
placeholders).

The engine's words reach the player through here and never as its own sentences: refusals by
their code and parameters (``refusal_text``), patterns by their key (``pattern_name``), a
payment by the terms of its formula (``payment_text``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..rules.tiles import NUM_KINDS, tile_str, tile_zh

if TYPE_CHECKING:
    from ..rules.refusal import Refusal
    from ..rules.scoring import Payment

LANGS = ("zh", "en")

# key: (Chinese, English) or (Chinese, English, English when the seat named is "You")
WORDS: dict[str, tuple[str, str] | tuple[str, str, str]] = {
    # The app: its title, quitting, the command palette, the keys every screen shows
    "app.title": ("宁德麻将", "Ningde Mahjong"),
    "app.quit_question": ("要退出吗？", "Do you want to quit?"),
    "app.palette_prompt": ("搜索命令…", "Search for commands…"),
    "app.quit_how": (
        "按 [b]Ctrl+Q[/b] 退出（对局已保存，可以继续）",
        "Press [b]Ctrl+Q[/b] to quit (the game is saved; you can continue it)",
    ),
    "app.subtitle": (
        "福建宁德的地方麻将 · 终端版",
        "the local mahjong of Ningde, Fujian · in the terminal",
    ),
    "key.palette": ("命令", "commands"),
    "key.help": ("帮助", "help"),
    "key.back": ("返回", "back"),
    "key.close": ("关闭", "close"),
    "key.quit": ("退出", "quit"),
    "cmd.recent": ("最近对局", "Recent games"),
    "cmd.recent_help": ("列出保存的对局，观看或继续", "Saved games: watch one or continue it"),
    "cmd.new": ("新游戏", "New game"),
    "cmd.new_help": ("回到开始页，开一局新游戏", "Back to the start screen for a new game"),
    "cmd.help": ("规则与按键", "Rules and keys"),
    "cmd.help_help": ("宁德麻将规则摘要和所有按键", "A summary of the rules and every key"),
    "cmd.hints": ("开关提示", "Toggle hints"),
    "cmd.hints_help": ("显示或隐藏向听数和听牌提示", "Show or hide shanten and waits"),
    "cmd.stats": ("战绩", "Statistics"),
    "cmd.quit": ("退出", "Quit"),
    "cmd.quit_help": (
        "退出游戏（对局已保存，可以继续）",
        "Quit the game (it is saved; you can continue it)",
    ),
    "cmd.maximize": ("放大", "Maximize"),
    "cmd.maximize_help": (
        "把选中的部分放大到整个窗口",
        "Show the focused part on the whole screen",
    ),
    "cmd.minimize": ("还原", "Restore"),
    "cmd.minimize_help": ("放大的部分恢复原样", "Put the maximized part back in its place"),
    "cmd.stats_help": (
        "每位玩家在所有已保存对局中的战绩",
        "Each player's record over every saved game",
    ),
    # Seats and bot levels (every screen that names a player)
    "seat.0": ("你", "You"),
    "seat.1": ("下家", "Right"),
    "seat.2": ("对家", "Across"),
    "seat.3": ("上家", "Left"),
    "seat.number": ("{n}号位", "Seat {n}"),
    "seat.at": ("{place}·{name}", "{place} · {name}"),
    "seat.twin": ("{name} {n}号", "{name} #{n}"),
    "seat.player": ("玩家{n}", "Player {n}"),
    "seat.bot_level": ("电脑·{level}", "{level} bot"),
    "seat.named_bot": ("{name}（电脑·{level}）", "{name} ({level} bot)"),
    "level.random": ("随机", "random"),
    "level.greedy": ("贪心", "greedy"),
    "level.easy": ("简单", "easy"),
    "level.normal": ("普通", "normal"),
    "level.hard": ("困难", "hard"),
    # Start screen
    "start.settings": ("设置", "Settings"),
    "start.room_rules": ("房间规则：{rules}", "Room rules: {rules}"),
    "start.new": ("新游戏", "New game"),
    "start.help": ("规则与按键", "Rules and keys"),
    "start.quit": ("退出", "Quit"),
    "start.bots": ("三家电脑的水平", "Bot levels"),
    "start.seats": (
        "座位（两位以上玩家：热座，轮流用同一台电脑）",
        "Seats (two or more players: hot-seat on this screen)",
    ),
    "start.human": ("玩家", "Player"),
    "start.bot": ("电脑·{level}", "Bot · {level}"),
    "start.no_human": (
        "至少要有一位玩家；只看电脑打牌请用「演示」",
        "Seat at least one player; to watch bots, use Demo",
    ),
    "start.continue": ("继续上一局", "Continue"),
    "start.recent": ("最近对局", "Recent games"),
    "start.demo": ("演示", "Demo"),
    "start.rounds": ("圈数", "Rounds"),
    "start.rounds_n": ("{n} 圈", "{n} round(s)"),
    "start.seed": ("种子", "Seed"),
    "start.seed_hint": ("留空 = 随机", "empty = random"),
    "start.seed_bad": ("种子必须是整数", "the seed must be a whole number"),
    "start.seed_long": ("种子最多 {n} 位数", "a seed has at most {n} digits"),
    "start.too_small": (
        "窗口太小：开始页需要 {w}×{h}，现在是 {cw}×{ch}（可滚动，Tab 切换按钮）",
        "Terminal too small: this page needs {w}×{h}, it is {cw}×{ch} (scroll, or Tab between buttons)",
    ),
    "start.stats": ("战绩", "Statistics"),
    "start.join": ("加入房间", "Join a room"),
    "start.host": ("开房间", "Host a room"),
    # Joining a room (the start screen's dialog)
    "join.title": ("加入房间", "Join a room"),
    "join.url": ("房间地址", "Room address"),
    "join.url_hint": ("ws://主机:7340/房间码", "ws://HOST:7340/ROOM"),
    "join.name": ("名字", "Name"),
    "join.watch": ("只观战", "Watch only"),
    "join.go": ("加入", "Join"),
    "join.cancel": ("取消", "Cancel"),
    "join.bad_url": (
        "房间地址以 ws:// 或 wss:// 开头，如 ws://192.168.1.5:7340/ABCD",
        "a room address starts with ws:// or wss://, e.g. ws://192.168.1.5:7340/ABCD",
    ),
    # Settings
    "settings.title": ("设置", "Settings"),
    "settings.pace": ("电脑出牌速度", "Bots' pace"),
    "settings.lang": ("语言", "Language"),
    "settings.tiles": ("牌面", "Tiles"),
    "settings.table": ("牌桌", "At the table"),
    "settings.hints": ("提示", "Hints"),
    "settings.bell": ("轮到你时响铃", "Bell when it is your move"),
    "settings.flash": ("轮到你时手牌闪一下", "Flash your hand when it is your move"),
    "settings.take_back": (
        "悔牌（对电脑时按 u 收回刚打的牌）",
        "Take back a discard (u; bots only)",
    ),
    "settings.auto_win": ("自动胡（能胡就胡）", "Auto win (take every win offered)"),
    "settings.no_chi": ("不吃（每局开始时）", "No chow offers (from each hand's start)"),
    "settings.auto_pass": ("自动过（除了胡都过）", "Auto pass (every claim but a win)"),
    "settings.draw_discard": (
        "摸切（回车打出刚摸的牌）",
        "Discard the draw (Enter throws the tile just drawn)",
    ),
    "settings.rules": (
        "房间规则（之后开始的对局生效，写入记录）",
        "Room rules (for games started from now on; written in their records)",
    ),
    "settings.rules_default": ("默认", "default"),
    "settings.default": ("默认 {value}", "default {value}"),
    "settings.on": ("开", "on"),
    "settings.off": ("关", "off"),
    "settings.save": ("保存", "Save"),
    "settings.defaults": ("恢复默认", "Defaults"),
    "settings.cancel": ("取消", "Cancel"),
    "settings.saved": ("设置已保存", "Settings saved"),
    "settings.cannot_save": (
        "设置无法保存（{why}），只在这次运行中有效",
        "The settings cannot be saved ({why}); they hold for this run only",
    ),
    "settings.bad_file": (
        "设置文件有读不了的内容（{why}），这些项用了默认值：{where}",
        "Part of the settings file could not be read ({why}); those settings are at their defaults: {where}",
    ),
    "pace.instant": ("立即", "instant"),
    "pace.fast": ("快", "fast"),
    "pace.normal": ("普通", "normal"),
    "pace.relaxed": ("慢", "relaxed"),
    "pace.now": ("电脑速度：{pace}", "Bots' pace: {pace}"),
    "lang.zh": ("中文", "中文"),
    "lang.en": ("English", "English"),
    "tiles.cjk": ("五万（汉字）", "五万 (Chinese)"),
    "tiles.ascii": ("5m（字母数字）", "5m (letters and digits)"),
    # Settings: the room rules, one label per switch of rules/config.py
    "rule.indicator_in_play": ("金牌留在牌墙（杠后可摸到）", "Gold indicator stays in the wall"),
    "rule.rob_kong": ("抢杠", "Robbing a kong"),
    "rule.jin_shun_sequences_only": ("金顺须其余全为顺子", "Gold run: all other melds runs"),
    "rule.single_wait_lock": (
        "单钓/闲金时他家只能自摸",
        "Single wait: others win by self-draw only",
    ),
    "rule.discarder_pays_all": ("点炮者包三家", "Discarder pays for all"),
    "rule.white_indicator_reflip": ("翻到白板再翻一张", "White indicator: flip again"),
    "rule.chouzhuang_streak": (
        "臭庄算一次连庄（臭庄不结束本局时）",
        "Foul deal counts as a dealer streak (if the hand plays on)",
    ),
    "rule.chouzhuang_ends_hand": (
        "臭庄：本局作废，庄家连庄",
        "Foul deal ends the hand; the dealer deals again",
    ),
    "rule.xianjin_one_gold": ("闲金只算一张金", "Free gold holds exactly one gold"),
    "rule.dandiao_counts_ankong": ("单钓可含暗杠", "Single wait may include a concealed kong"),
    "rule.gold_draw_floor": (
        "单钓/闲金摸到金至少算金雀（可算更高番）",
        "A gold drawn in single wait / free gold scores at least gold pair",
    ),
    # The table
    "table.dealer": ("庄", "dealer"),
    "table.callout": ("{what}！", "{what}!"),
    "table.streak": ("庄×{n}", "Dealer×{n}"),
    "table.score": ("{n:+d} 分", "{n:+d} pts"),
    "table.drawable": ("可摸 {n}", "{n} to draw"),
    "table.reserve": ("留 {n}", "reserve {n}"),
    "table.dice": ("骰 {a}+{b}", "dice {a}+{b}"),
    "table.break": ("{seat}墙{n}墩", "break: {seat} #{n}"),
    "table.gold": ("金", "Gold"),
    "table.white": ("白={tile}", "white = {tile}"),
    # the wall's marks, each as wide as the wall's stacks at every size (help_*.md names them)
    "table.mark_head": ("头", "H"),
    "table.mark_tail": ("尾", "T"),
    "table.mark_reserve": ("留", "R"),
    "table.mark_break": ("开", "B"),
    # what the marks stand for, where a mark is not a word itself (the English letters)
    "table.marks_legend": ("", "H head · T tail|B break · R reserve"),
    "table.turn": ("轮到 {name}", "{name} to play"),
    "table.waiting": ("等待 {names}", "waiting for {names}"),
    "table.others_deciding": ("其他玩家考虑中…", "others are deciding…"),
    "table.over": ("本局结束", "hand over"),
    "table.hand_no": ("第 {n} 局", "Hand {n}"),
    "table.round_of": ("{n}/{total} 圈", "round {n}/{total}"),
    "table.last_round": ("最后一出", "last draws"),
    "table.melds": ("副露", "melds"),
    "table.you_discard": ("请出牌", "your discard"),
    "table.you_choose": ("请选择", "your choice"),
    "table.refused": ("不行：{why}", "Not allowed: {why}"),
    "table.taken_back": ("悔牌：{tile} 回到你手里", "Taken back: {tile} is in your hand again"),
    "table.too_small": (
        "窗口太小\n\n牌桌至少需要 {w}×{h}，现在是 {cw}×{ch}。\n请把终端放大一些。",
        "Terminal too small\n\nThe table needs at least {w}×{h}; this one is {cw}×{ch}.\nPlease enlarge the terminal.",
    ),
    "table.log": ("记录", "Log"),
    "table.scores": ("分数", "Scores"),
    # A seat of an online room
    "remote.connecting": ("正在连接房间…", "Connecting to the room…"),
    "remote.dropped": (
        "与房间的连接断开，{delay} 秒后重连…",
        "Lost the room; reconnecting in {delay} s…",
    ),
    "remote.back": ("已重新连上房间", "Back in the room"),
    "remote.lost": ("连不上房间：{why}", "Cannot reach the room: {why}"),
    "remote.error": ("房间断开了连接：{why}", "The room closed the connection: {why}"),
    "remote.not_connected": ("还没连上房间，请稍候", "Not connected to the room yet"),
    "remote.offline": ("{name}（离线）", "{name} (offline)"),
    "remote.auto_name": ("{name}（托管·{level}）", "{name} (auto: {level} bot)"),
    "remote.auto_on": (
        "托管中：电脑替你出牌（按 b 收回）",
        "A bot plays your seat (b to take it back)",
    ),
    "remote.auto_off": ("你收回了座位，自己出牌", "You play your seat again"),
    "remote.auto_tag": ("托管", "auto-play"),
    "remote.not_saved": (
        "本局暂时无法保存：牌局继续，能写入时自动补存",
        "The game cannot be saved for now: play goes on, and it is saved once it can be",
    ),
    "remote.saved_again": ("牌局记录已补存，没有丢失", "The record is saved again, nothing lost"),
    "remote.quit_title": ("离开牌桌？", "Leave the table?"),
    "remote.quit_text": (
        "你的座位会为你保留，一会儿后由电脑代打。\n回来请用同一个地址：{cmd}",
        "Your seat is kept for you; after a while a bot plays it.\nTo come back, the same "
        "address: {cmd}",
    ),
    "remote.quit_yes": ("离开", "Leave"),
    "remote.quit_no": ("留下", "Stay"),
    "remote.joined": ("{name} 进入了房间", "{name} joined"),
    "remote.left": ("{name} 断线了", "{name} dropped out"),
    "remote.watching": ("观战中：只看得到公开的牌", "Watching: only what is public"),
    "remote.over": ("本场结束", "The session is over"),
    "auto.auto_win": ("自动胡", "auto win"),
    "auto.no_chi": ("不吃", "no chow"),
    "auto.auto_pass": ("自动过", "auto pass"),
    "auto.draw_discard": ("摸切", "discard the draw"),
    "auto.now_on": ("{name}：开", "{name}: on"),
    "auto.now_off": ("{name}：关", "{name}: off"),
    "auto.played": ("{name}：已替你{what}", "{name}: played {what} for you"),
    "key.auto": ("自动", "auto"),
    "key.tracker": ("剩牌", "unseen"),
    "key.take_back": ("悔牌", "take back"),
    "tracker.title": ("剩牌：你还没看到的牌", "Unseen tiles: what you have not seen yet"),
    "tracker.total": (
        "共 {n} 张未见，其中金 {gold} 张（在牌墙或别人手里）",
        "{n} unseen, {gold} of them golds (in the wall or in other hands)",
    ),
    "remote.deadline": ("限时 {s} 秒", "{s} s left"),
    "remote.timed_out_you": (
        "时间到：已替你走最稳的一步（过，或打出刚摸的牌）",
        "Time is up: the safe move was played for you (pass, or the tile just drawn)",
    ),
    "remote.timed_out": (
        "{name} 超时：已替他走最稳的一步",
        "{name} ran out of time: the safe move was played",
    ),
    # The room before its first deal
    "wait.title": ("房间 {code}：等待玩家", "Room {code}: waiting for players"),
    "wait.share": (
        "把地址发给朋友，他们用“加入房间”或 ningde join 进来：",
        "Send a friend the address; they come in with Join a room or ningde join:",
    ),
    "wait.seat": ("{n}号位  {who}", "Seat {n}  {who}"),
    "wait.free": ("空位，等人加入", "free, waiting for a player"),
    "wait.you": ("你", "you"),
    "wait.host": ("（房主）", " (host)"),
    "wait.offline": ("（未连接）", " (not connected)"),
    "wait.all_in": ("人齐了就自动开始。", "The first hand is dealt once every seat is taken."),
    "wait.for_host": ("等房主开始…", "Waiting for the host to start…"),
    "wait.start": ("现在开始（空位由电脑补上）", "Start now (bots take the free seats)"),
    "wait.leave": ("离开房间", "Leave the room"),
    "key.start_room": ("开始", "start"),
    "key.leave_room": ("离开", "leave"),
    "key.leave_room_yes": ("离开", "leave"),
    "key.stay": ("留下", "stay"),
    "key.bot_plays": ("托管", "auto-play"),
    "key.call": ("按座位号要牌", "claim: your seat's number"),
    # 开房间: hosting a room from the start screen
    "host.title": ("开房间", "Host a room"),
    "host.seats": (
        "座位按开始页面的设置：你坐第一个玩家位，其余玩家位留给朋友，电脑位由电脑坐。",
        "Seats as on the start screen: you take the first player's seat, the other player seats are for friends, bots sit where bots are chosen.",
    ),
    "host.reach": ("谁能加入", "Who can join"),
    "host.reach_local": ("只有这台电脑（测试用）", "This computer only"),
    "host.reach_lan": ("同一网络里的电脑", "Computers on this network"),
    "host.port": ("端口", "Port"),
    "host.turn": ("每步限时", "Time per decision"),
    "host.turn_off": ("不限时", "no limit"),
    "host.turn_n": ("{n} 秒", "{n} s"),
    "host.go": ("开房间", "Open the room"),
    "host.bad_port": ("端口是 1024-65535 的数字", "A port is a number from 1024 to 65535"),
    "host.no_friend": (
        "开房间至少要给朋友留一个玩家位（在座位里选“玩家”）",
        "A room needs a player's seat for a friend: choose Player for one more seat",
    ),
    "host.cannot": ("开不了房间：{why}", "Cannot open the room: {why}"),
    "host.lan_note": (
        "同一网络里能连到这台电脑的人都可以加入或观战。",
        "Anyone who can reach this computer on the network can join or watch.",
    ),
    # 在线大厅: a community server's lobby (the start screen's entry, ningde lobby)
    "cmd.lobby": ("在线大厅", "Online lobby"),
    "cmd.lobby_help": (
        "连到社区服务器：公开房间、创建房间、排行榜、我的对局",
        "A community server: public rooms, new rooms, the leaderboard, your games",
    ),
    "lobby.open": ("在线大厅", "Online lobby"),
    "lobby.title": ("在线大厅", "Online lobby"),
    "lobby.form_title": ("连接社区服务器", "Connect to a community server"),
    "lobby.intro": (
        "社区服务器用 {cmd} 开，地址问服主。\n"
        "第一次用某个名字时，服务器给这台电脑一把钥匙，这个名字从此归你。",
        "A community server is run with {cmd}: ask its host for the address. The first "
        "time you use a name there, the server gives this computer a key that keeps the name "
        "yours.",
    ),
    "lobby.url": ("服务器地址", "Server address"),
    "lobby.url_hint": ("ws://主机:7350/{path}", "ws://HOST:7350/{path}"),
    "lobby.name": ("你的名字", "Your name"),
    "lobby.name_hint": ("1-16 个字", "1-16 characters"),
    "lobby.connect": ("连接", "Connect"),
    "lobby.back": ("返回", "Back"),
    "lobby.connecting": ("正在连接 {url} …", "Connecting to {url} …"),
    "lobby.bad_url": (
        "服务器地址写作 {example}（或 wss://）",
        "A server address is {example} (or wss://)",
    ),
    "lobby.bad_name": (
        "名字是 1-16 个字，不含控制字符",
        "A name is 1-16 characters, with no control characters",
    ),
    "lobby.name_taken": (
        "名字“{name}”已经有人用了（这台电脑上没有它的钥匙），换一个名字吧",
        "The name “{name}” is taken (this computer holds no key for it): choose another",
    ),
    "lobby.cannot_reach": ("连不上服务器：{why}", "Cannot reach the server: {why}"),
    "lobby.not_lobby": (
        "这个地址不是宁德麻将的大厅：{why}",
        "This address is not a Ningde lobby: {why}",
    ),
    "lobby.server_error": ("服务器断开了连接：{why}", "The server closed the connection: {why}"),
    "lobby.key_not_kept": (
        "名字的钥匙没能存进数据文件夹，下次这个名字可能会被拒绝",
        "Your name's key could not be saved in the data folder: next time the name may be refused",
    ),
    "lobby.server": ("服务器 {server}（{url}）", "Server {server} ({url})"),
    "lobby.you": ("你：{name}", "You: {name}"),
    "lobby.rating": ("等级分 {shown}", "rating {shown}"),
    "lobby.online": ("在线", "online"),
    "lobby.dropped": ("连接断了，{delay} 秒后重连…", "Connection lost: reconnecting in {delay} s…"),
    "lobby.back_online": ("又连上了", "Connected again"),
    "lobby.unreadable": (
        "服务器发来一条看不懂的消息，已跳过（{why}）",
        "The server sent a message this game cannot read; skipped ({why})",
    ),
    "lobby.rooms_title": ("公开房间（{n}）", "Public rooms ({n})"),
    "lobby.col_code": ("房间号", "Room"),
    "lobby.col_seats": ("座位", "Seats"),
    "lobby.col_rules": ("规则", "Rules"),
    "lobby.col_rounds": ("圈", "Rounds"),
    "lobby.col_timer": ("限时", "Timer"),
    "lobby.col_state": ("状态", "State"),
    "lobby.col_watchers": ("观战", "Watching"),
    "lobby.free": ("空位", "free"),
    "lobby.away": ("{name}（离线）", "{name} (away)"),
    "lobby.rounds_n": ("{n} 圈", "{n}"),
    "lobby.timer_off": ("不限", "none"),
    "lobby.timer_n": ("{n} 秒", "{n} s"),
    "lobby.waiting": ("等人", "waiting"),
    "lobby.playing": ("进行中", "playing"),
    "lobby.no_rooms": (
        "还没有公开的房间：按 c 创建一个，或按 s 快速开始。",
        "No public rooms yet: press c to create one, or s for a quick game.",
    ),
    "lobby.seat": ("{n}号位 {who}", "Seat {n} {who}"),
    "lobby.rules": ("规则：{rules}", "Rules: {rules}"),
    "lobby.pace": ("电脑速度：{pace}", "Bots' pace: {pace}"),
    "lobby.join": ("加入", "Join"),
    "lobby.watch": ("观战", "Watch"),
    "lobby.create": ("创建房间", "Create a room"),
    "lobby.code": ("输入房间号", "Enter a code"),
    "lobby.quick": ("快速开始", "Quick game"),
    "lobby.leaderboard": ("排行榜", "Leaderboard"),
    "lobby.games": ("我的对局", "My games"),
    "lobby.refresh": ("刷新", "Refresh"),
    "lobby.key_join": ("加入", "join"),
    "lobby.key_watch": ("观战", "watch"),
    "lobby.key_create": ("创建", "create"),
    "lobby.key_code": ("房间号", "code"),
    "lobby.key_quick": ("快速开始", "quick"),
    "lobby.key_leaderboard": ("排行榜", "ranks"),
    "lobby.key_games": ("我的对局", "games"),
    "lobby.key_refresh": ("刷新", "refresh"),
    "lobby.key_connect": ("连接", "connect"),
    "lobby.key_replay": ("回放", "watch"),
    "lobby.refused_full": ("房间已经满了", "The room is full"),
    "lobby.refused_rate_limited": (
        "操作太频繁了，过一会儿再试",
        "Too many requests: try again in a minute",
    ),
    "lobby.refused_unavailable": (
        "服务器暂时办不到，过一会儿再试",
        "The server cannot do that just now: try again later",
    ),
    "lobby.refused": ("服务器拒绝了：{why}", "The server refused: {why}"),
    "lobby.created_private": (
        "私人房间 {code} 已创建：把房间号告诉朋友，他们在大厅里“输入房间号”进来",
        "Private room {code} created: give your friends the code (Enter a code, in the lobby)",
    ),
    "lobby.created": ("房间 {code} 已创建", "Room {code} created"),
    "lobby.not_connected": ("还没连上服务器", "Not connected to the server"),
    "lobby.too_fast": (
        "慢一点：大厅一秒只收几个请求",
        "Slow down: the lobby takes a few requests a second",
    ),
    "lobby.pick_room": ("先在列表里选一个房间", "Choose a room in the list first"),
    "lobby.create_title": ("创建房间", "Create a room"),
    "lobby.visibility": ("谁能看到", "Who sees it"),
    "lobby.public": ("公开：列在大厅里", "Public: listed in the lobby"),
    "lobby.private": ("私人：凭房间号进入", "Private: only by its code"),
    "lobby.seats": ("座位", "Seats"),
    "lobby.seat_n": ("{n}号位", "Seat {n}"),
    "lobby.seat_human": ("玩家", "Player"),
    "lobby.seat_bot": ("电脑·{level}", "Bot · {level}"),
    "lobby.rounds": ("圈数", "Rounds"),
    "lobby.timer": ("每步限时", "Time per decision"),
    "lobby.timer_none": ("不限时", "no limit"),
    "lobby.room_rules": (
        "房间规则（在设置里改）：{rules}",
        "Room rules (change them in Settings): {rules}",
    ),
    "lobby.create_go": ("创建", "Create"),
    "lobby.cancel": ("取消", "Cancel"),
    "lobby.need_human": (
        "至少留一个玩家位给你自己",
        "Keep a player's seat for yourself",
    ),
    "lobby.code_title": ("输入房间号", "Enter a room code"),
    "lobby.code_label": ("房间号（6 位）", "Room code (6 characters)"),
    "lobby.code_hint": ("如 {code}", "e.g. {code}"),
    "lobby.code_bad": (
        "房间号是 6 个字符：数字 2-9 和字母（没有 I、L、O）",
        "A room code is 6 characters: digits 2-9 and letters (no I, L or O)",
    ),
    "lobby.watch_only": ("只观战", "Watch only"),
    "lobby.code_go": ("进入", "Go in"),
    "lobby.board_title": ("排行榜", "Leaderboard"),
    "lobby.col_rank": ("名次", "#"),
    "lobby.col_name": ("名字", "Name"),
    "lobby.col_rating": ("等级分", "Rating"),
    "lobby.col_games": ("场", "Games"),
    "lobby.col_hands": ("局", "Hands"),
    "lobby.col_wins": ("胡", "Wins"),
    "lobby.col_points": ("得分", "Points"),
    "lobby.loading": ("正在读取…", "Loading…"),
    "lobby.board_empty": ("还没有人上榜", "Nobody is rated yet"),
    "lobby.board_note": (
        "等级分 = μ − 3σ：打的场次越多越准",
        "Rating = μ − 3σ: the more games, the surer it is",
    ),
    "lobby.games_title": ("我的对局", "My games"),
    "lobby.col_replay": ("回放码", "Replay"),
    "lobby.col_ended": ("结束于", "Ended"),
    "lobby.col_players": ("玩家与得分", "Players and scores"),
    "lobby.games_empty": ("还没有打完的对局", "No finished games yet"),
    "lobby.games_note": (
        "选一局按 Enter 回放；也可以在终端里：{cmd}",
        "Enter watches a hand; or in a terminal: {cmd}",
    ),
    "lobby.fetching": ("正在取回 {code} …", "Fetching {code} …"),
    "lobby.replay_failed": ("取不到 {code}：{why}", "Cannot fetch {code}: {why}"),
    "key.pace": ("速度", "pace"),
    "key.stop_demo": ("停止演示", "stop the demo"),
    "key.left": ("左移", "left"),
    "key.right": ("右移", "right"),
    "key.discard": ("出牌", "discard"),
    "key.tiles": ("按位出牌", "discard by position"),
    "key.hints": ("提示", "hints"),
    "key.side": ("面板", "panel"),
    # The table: the hints panel
    "hints.title": ("提示 (h)", "Hints (h)"),
    "hints.shanten": ("{n} 向听", "{n}-shanten"),
    "hints.ready": ("听牌", "ready"),
    "hints.ready_short": ("听", "waiting on"),
    "hints.complete": ("已成和牌型", "complete hand"),
    "hints.discard": ("打{tile}", "{tile}"),  # English: the tile alone, to fit the panel
    "hints.gold": ("金", "gold"),
    "hints.accepts": ("进张 {n} 张", "{n} tiles"),
    "hints.now": ("现在：{state}", "now: {state}"),
    # The table: the choices (吃/碰/杠/胡/过 …), one per ActionType
    "choice.title": ("{name} 打出 {tile}", "{name} discarded {tile}"),
    "choice.window": ("抢金窗口", "Rob-the-gold window"),
    "choice.turn": ("你的回合", "your turn"),
    "choice.discard": ("打", "Discard"),
    "choice.chi": ("吃", "Chow"),
    "choice.pong": ("碰", "Pong"),
    "choice.kong": ("杠", "Kong"),
    "choice.ankong": ("暗杠", "Concealed kong"),
    "choice.addkong": ("加杠", "Added kong"),
    "choice.win": ("胡", "Win"),
    "choice.rob_gold": ("抢金", "Rob gold"),
    "choice.three_gold": ("三金倒", "Three golds"),
    "choice.decline_three_gold": ("不倒", "Play on"),
    "choice.pass": ("过", "Pass"),
    "choice.blocked": ("不能胡：{why}", "No win: {why}"),
    "choice.pick": (
        "再按 {k} 或 ←→ 换一种，⏎ 确定",
        "{k} again or ←→ for the other way, ⏎ to take it",
    ),
    # The table: the log and the announcement line, one per EventKind told
    "ev.deal": ("{name}坐庄，骰子 {a}+{b}", "{name} deals, dice {a}+{b}", "You deal, dice {a}+{b}"),
    "ev.gold": ("开金：{tile}，白板当{tile}", "Gold is {tile}; white dragons play as {tile}"),
    "ev.discard": ("{name} 打 {tile}", "{name} discards {tile}", "You discard {tile}"),
    "ev.chi": ("{name} 吃 {tile}", "{name} chows {tile}", "You chow {tile}"),
    "ev.pong": ("{name} 碰 {tile}", "{name} pongs {tile}", "You pong {tile}"),
    "ev.kong": ("{name} 杠 {tile}", "{name} kongs {tile}", "You kong {tile}"),
    "ev.ankong": (
        "{name} 暗杠",
        "{name} declares a concealed kong",
        "You declare a concealed kong",
    ),
    "ev.addkong": (
        "{name} 加杠 {tile}",
        "{name} adds a kong of {tile}",
        "You add a kong of {tile}",
    ),
    "ev.window": (
        "抢金：庄家打出第一张后，听牌的可以抢金，有三金的可以三金倒",
        "Rob the gold: after the dealer's first discard, a ready hand may rob the gold, three golds may win",
    ),
    "ev.robkong_window": (
        "{name} 加杠 {tile}：可抢杠",
        "{name} adds a kong of {tile}: it may be robbed",
        "You add a kong of {tile}: it may be robbed",
    ),
    "ev.decline_three_gold": (
        "{name} 不倒（放弃三金倒）",
        "{name} plays on (declines three golds)",
        "You play on (declining three golds)",
    ),
    "ev.chouzhuang": (
        "臭庄！四家第一张打的都是 {tile}，庄家连庄 ×{n}",
        "Foul deal! All four first discards are {tile}: dealer streak ×{n}",
    ),
    "ev.chouzhuang_ends": (
        "臭庄！四家第一张打的都是 {tile}：本局作废，不计分，下局庄家连庄 ×{n}",
        "Foul deal! All four first discards are {tile}: the hand is dead, no payments, the dealer deals again (streak ×{n})",
    ),
    "ev.last_round": (
        "最后一出：还剩 {n} 张可摸，各摸一张，不再出牌",
        "Last draws: {n} drawable tiles left, one each, no discards",
    ),
    "ev.win": ("{name} 胡了！{pattern}", "{name} wins! {pattern}", "You win! {pattern}"),
    "ev.liuju": ("流局：牌摸完了，无人胡牌", "Drawn hand: the wall ran out and nobody won"),
    "ev.draw_you": ("你摸到 {tile}", "You draw {tile}"),
    "ev.draw": ("{name} 摸到 {tile}", "{name} draws {tile}", "You draw {tile}"),
    "ev.win_blocked": ("不能胡 {tile}：{why}", "No win on {tile}: {why}"),
    # Refusals, one per RefusalCode, and the waits they name
    "refuse.not_your_turn": ("还没轮到你", "it is not your turn"),
    "refuse.gold_discard": ("金不能打出", "a gold can never be discarded"),
    "refuse.not_in_hand": ("手里没有这张牌", "you do not hold that tile"),
    "refuse.discard_after_call": (
        "吃、碰之后必须先出一张牌，下次摸牌后才能杠或胡",
        "after a chow or pong you must discard; kong or win after your next draw",
    ),
    "refuse.kong_impossible": (
        "现在不能杠（牌不够，或牌墙剩牌不够）",
        "no kong now (tiles, or too few tiles left in the wall)",
    ),
    "refuse.not_a_win": ("现在还不能胡", "the hand is not a win yet"),
    "refuse.hand_over": ("本局已经结束", "the hand is over"),
    "refuse.not_allowed": ("现在不能这样做", "that is not allowed now"),
    "refuse.nothing_to_take_back": (
        "没有可悔的牌：你刚打的牌已经有人动过了",
        "nothing to take back: someone has already acted on your last discard",
    ),
    "refuse.take_back_off": (
        "悔牌没有打开（在设置里打开，只限对电脑）",
        "taking back is off (turn it on in Settings; against bots only)",
    ),
    "refuse.take_back_here": (
        "只有自己对电脑的对局才能悔牌（联网、同屏多人、教学都不行）",
        "you can take back a discard only in your own game against bots "
        "(not online, hot-seat or in a lesson)",
    ),
    "refuse.no_such_seat": ("没有这个座位", "there is no such seat"),
    "refuse.unknown_action": ("没有这种操作", "there is no such action"),
    "refuse.win_refused": ("不能胡：{why}", "no win: {why}"),
    "refuse.lock": (
        "锁：有人{wait}，其他三家只能自摸，不能点炮胡",
        "lock: a player waits in {wait}, so the others may only self-draw",
    ),
    "refuse.restriction": (
        "限制：听{need}时，点炮只能胡{need}或更大的番型（这手是{pattern}）",
        "restriction: waiting for {need}, a discard win must be {need} or better (this one is {pattern})",
    ),
    "refuse.declined": (
        "已放弃三金倒：胡牌的分数不能低于三金倒（{floor}分，这手{total}分）",
        "three golds declined: a win must pay at least what three golds would ({floor}; this one pays {total})",
    ),
    "refuse.wrong_size": (
        "牌数不对：{melds}副明牌时手里应有{tiles}张，现在{concealed}张",
        "wrong number of tiles: with {melds} melds a hand holds {tiles}, not {concealed}",
    ),
    "refuse.self_draw_only": (
        "三金倒只能自摸，这手牌还没成",
        "three golds win only by self-draw, and the hand is not complete",
    ),
    "refuse.no_shape": ("这些牌凑不成面子加一对将", "the tiles do not form melds and a pair"),
    "wait.dandiao": ("单钓", "single wait"),
    "wait.xianjin": ("闲金", "free gold"),
    # Scoring: the patterns, and the terms of a payment's formula (rules.scoring.Fan)
    "pattern.pinghu": ("平胡", "Plain win"),
    "pattern.zimo": ("自摸", "Self-drawn"),
    "pattern.qiangjin": ("抢金", "Rob the Gold"),
    "pattern.sanjindao": ("三金倒", "Three Golds"),
    "pattern.jinque": ("金雀", "Gold Pair"),
    "pattern.jinshun": ("金顺", "Gold Run"),
    "pattern.qingyise": ("清一色", "Pure Suit"),
    "pattern.dandiao": ("单钓", "Single Wait"),
    "fan.jin": ("金", "gold"),
    "fan.gang": ("杠", "kong"),
    "fan.zhuang": ("庄", "dealer"),
    "fan.rob": ("抢金", "rob"),
    "fan.win": ("胡", "win"),
    # Result screen
    "result.title": ("第 {n} 局结果", "Hand {n}: result"),
    "result.draw": ("流局 — 不计分，庄家连庄", "Drawn hand — no score, the dealer deals again"),
    "result.chouzhuang": (
        "臭庄 — 四家第一张相同，本局作废，不计分，庄家连庄",
        "Foul deal — four identical first discards: the hand is dead, no score, the dealer deals again",
    ),
    "result.win": ("{name} 胡 · {pattern}", "{name} wins · {pattern}", "You win · {pattern}"),
    "result.by.discard": ("点炮：{name}", "on {name}'s discard", "on your discard"),
    "result.by.self": ("自摸", "self-drawn"),
    "result.by.rob": ("抢金", "robbed the gold"),
    "result.by.heaven": ("天胡", "heavenly hand"),
    "result.win_tile": ("胡张 {tile}", "winning tile {tile}"),
    "result.pays": ("{name}{dealer} 付", "{name}{dealer} pays", "You{dealer} pay"),
    "result.dealer": ("（庄）", " (dealer)"),
    "result.change": ("本局", "this hand"),
    "result.total": ("总分", "total"),
    "result.chart": ("走势", "trend"),
    "result.next": ("Enter 下一局", "Enter next hand"),
    "result.next_button": ("下一局", "Next hand"),
    "result.back_button": ("回到开始", "Back to start"),
    "result.final": ("终局 · 最终排名", "Session over · final standings"),
    "result.back": ("Enter 回到开始", "Enter back to start"),
    "result.quit": ("Enter 退出", "Enter quit"),
    "result.quit_button": ("退出", "Quit"),
    "result.lobby": ("Enter 回到大厅", "Enter back to the lobby"),
    "result.lobby_button": ("回到大厅", "Back to the lobby"),
    "result.rank": ("第{n}名", "#{n}"),
    "result.events": ("本局：{events}", "This hand: {events}"),
    "result.review": ("复盘", "Review"),
    "key.next": ("下一局", "next hand"),
    # Result screen: the rule events of the hand, one per RuleEvent
    "rule_event.chouzhuang": ("臭庄", "foul deal"),
    "rule_event.last_round": ("最后一出", "last draws"),
    "rule_event.three_gold": ("三金倒", "three golds"),
    "rule_event.rob_gold": ("抢金", "rob the gold"),
    "rule_event.heaven": ("天胡", "heavenly hand"),
    "rule_event.lock": ("单钓/闲金锁胡", "single-wait lock"),
    "rule_event.restricted": ("点炮限制", "discard-win restriction"),
    "rule_event.declined_three_gold": ("不倒", "three golds declined"),
    "rule_event.rob_kong": ("抢杠", "robbing the kong"),
    # Hot-seat cover
    "cover.pass": ("请 {name} 接手", "{name}, please take over"),
    "cover.enter": ("按 Enter 显示手牌", "Press Enter to show your hand"),
    "cover.others": ("其他玩家请不要看屏幕", "Everyone else, please look away"),
    "cover.wait": ("请稍候…", "One moment…"),
    "cover.call_how": (
        "要吃、碰、杠或胡这张牌的，请按自己的座位号：",
        "To chow, pong, kong or win on it, press your seat's number:",
    ),
    "cover.call_tile": ("{who} 打出 {tile}", "{who} discards {tile}"),
    "cover.call_kong": ("{who} 加杠 {tile}", "{who} adds a kong of {tile}"),
    "table.nothing_to_call": (
        "这张牌你没有可以吃、碰、杠、胡的：按 s 交回",
        "Nothing for you to claim on it: press s to hand back",
    ),
    "key.reveal": ("显示手牌", "show hand"),
    # Replay viewer
    "replay.where": (
        "第 {hand}/{hands} 局 · 本局第 {step}/{steps} 步",
        "Hand {hand}/{hands} · step {step} of {steps} in this hand",
    ),
    "replay.auto_on": ("自动播放 {s} 秒/步", "autoplay {s} s/step"),
    "replay.auto_off": ("暂停（空格 自动播放，{s} 秒/步）", "paused (space: autoplay, {s} s/step)"),
    "replay.all_hands": ("全部手牌", "all hands"),
    "replay.one_seat": ("{name} 的视角", "as {name} saw it"),
    "replay.deal": ("发牌、开金", "The deal and the gold"),
    "replay.passed": ("{names} 都过", "{names} passed"),
    "replay.did": ("{name} {what}", "{name}: {what}"),
    "replay.jump": (
        "跳到哪一局、哪一步？（共 {hands} 局）例：3 或 3 25",
        "Jump to which hand and step? ({hands} hands) e.g. 3 or 3 25",
    ),
    "replay.jump_bad": ("请输入局数，或局数和步数", "type a hand number, or a hand and a step"),
    "replay.result_back": ("Enter 回到回放", "Enter back to the replay"),
    "replay.result_back_button": ("回到回放", "Back to the replay"),
    "replay.record_end": ("记录到此为止 · 排名", "End of the record · standings"),
    "key.step_next": ("下一步", "next"),
    "key.step_back": ("上一步", "back"),
    "key.autoplay": ("自动", "autoplay"),
    "key.faster": ("快/慢", "speed"),
    "key.slower": ("慢", "slower"),
    "key.prev_hand": ("上/下一局", "hand"),
    "key.next_hand": ("下一局", "next hand"),
    "key.jump": ("跳转", "jump"),
    "key.hands": ("手牌", "hands"),
    "key.seat": ("视角", "seat"),
    # Replay viewer: the review beside the hard bot
    "review.title": (
        "复盘 {name}：本局 {agree}/{n} 与困难电脑相同",
        "Review of {name}: {agree}/{n} as the hard bot would in this hand",
    ),
    "review.agree": ("{played} ✓ 困难电脑也会这样做", "{played} ✓ the hard bot agrees"),
    "review.differ": (
        "{name}：{played} · 建议：{suggested}",
        "{name}: {played} · suggested: {suggested}",
    ),
    "review.cost": (
        "向听 {sp} → 建议 {ss} · 进张 {ep} → 建议 {es}",
        "shanten {sp} vs {ss} · effective tiles {ep} vs {es}",
    ),
    "review.no_more": ("后面没有不同之处了", "No more differences that way"),
    "key.review": ("复盘", "review"),
    "key.next_diff": ("下一处不同", "next difference"),
    "key.prev_diff": ("上一处不同", "previous difference"),
    # Game records: saving them, and one that cannot be replayed
    "record.cannot": ("无法保存对局记录：{why}", "The game cannot be recorded: {why}"),
    "record.no_hands": ("记录里没有任何一局", "the record holds no hand"),
    "record.in_use": (
        "这一局正在另一个窗口里进行：在那边接着玩，或关掉那边再到这里继续。",
        "This game is being played in another window: play it there, or close it there and continue it here.",
    ),
    "record.not_saved_title": ("本局没有保存", "This game is not being saved"),
    "record.not_saved": (
        "对局记录写不进去（{why}）：{where}\n这一局照常进行，但从现在起不再保存，以后无法继续或回放。",
        "The game record cannot be written ({why}): {where}\nPlay goes on, but from now on nothing is saved: it cannot be continued or replayed.",
    ),
    # the disk filled during the game: the record catches up once it can be written again
    "record.not_saved_now": (
        "对局记录暂时写不进去（{why}）：{where}\n这一局照常进行；能写入时，记录会自动补齐，一步不丢。",
        "The game record cannot be written for now ({why}): {where}\nPlay goes on; once it can be written again, the record catches up with nothing lost.",
    ),
    "record.saved_again_title": ("本局记录已补存", "This game is saved again"),
    "record.saved_again": (
        "对局记录已补齐，没有丢失任何一步：{where}",
        "The game record has caught up, nothing lost: {where}",
    ),
    "error.title": ("无法回放这份记录", "This record cannot be replayed"),
    "error.line": ("第 {line} 行：{reason}", "line {line}: {reason}"),
    "error.back": ("Esc 返回", "Esc back"),
    # Recent games
    "recent.title": ("最近的对局", "Recent games"),
    "recent.loading": ("读取中…", "loading…"),
    "recent.none": ("还没有对局记录。", "No games recorded yet."),
    "recent.col.date": ("时间", "When"),
    "recent.col.mode": ("玩法", "Mode"),
    "recent.col.players": ("玩家（座位 1-4）", "Players (seats 1-4)"),
    "recent.col.hands": ("局数", "Hands"),
    "recent.col.standing": ("分数", "Scores"),
    "recent.col.status": ("状态", "Status"),
    "recent.demo": ("演示", "demo"),
    "recent.play": ("人机", "vs bots"),
    "recent.hotseat": ("热座", "hot-seat"),
    "recent.finished": ("已结束", "finished"),
    "recent.unfinished": ("未完成", "unfinished"),
    "recent.broken": ("记录损坏", "broken record"),
    "recent.elsewhere": ("另一窗口进行中", "open in another window"),
    "recent.playing": ("进行中", "being played"),
    "recent.not_yet": (
        "有玩家的对局结束之后才能观看（回放会亮出每家手牌和牌墙）",
        "A game with players can be watched once it has ended (watching shows every hand and the wall)",
    ),
    "recent.in_play": ("这一局正在进行", "This game is being played right now"),
    "key.watch": ("观看", "watch"),
    "key.continue": ("继续", "continue"),
    # Statistics
    "stats.title": ("战绩", "Statistics"),
    "stats.loading": ("正在读取对局记录…", "Reading the game records…"),
    "stats.head": (
        "{games} 局 · {hands} 手 · {against}",
        "{games} games · {hands} hands · {against}",
    ),
    "stats.taken_back": (
        "另有 {games} 局悔过牌，不算在内",
        "games with a discard taken back, not counted here: {games}",
    ),
    "stats.all": ("全部对手", "all opponents"),
    "stats.against": ("只看对手都是{level}的对局", "only games against {level} bots"),
    "stats.key.against": ("对手", "opponents"),
    "stats.col.name": ("玩家", "player"),
    "stats.col.games": ("局", "games"),
    "stats.col.hands": ("手", "hands"),
    "stats.col.wins": ("和牌", "wins"),
    "stats.col.self": ("自摸", "self-drawn"),
    "stats.col.deal_ins": ("点炮", "dealt in"),
    "stats.col.points": ("总分", "points"),
    "stats.chart": ("{name} 的累计得分", "{name}: points over time"),
    "stats.chart_x": ("手", "hand"),
    "stats.chart_y": ("分", "points"),
    "stats.no_wins": ("还没有和过牌", "no wins yet"),
    "stats.none": ("还没有对局记录", "no games recorded yet"),
    "stats.broken": ("{n} 个记录损坏，未计入", "{n} broken record(s) left out"),
    # The commands' text output: ningde stats, ningde review, ningde replay --check / --text
    "cli.seat": ("{n}号位", "seat {n}"),
    "cli.seat_named": ("{n}号位（{name}）", "seat {n} ({name})"),
    "cli.seats": ("座位：{seats}", "Seats: {seats}"),
    "cli.stats_head": ("{games} 局 · {hands} 手", "{games} games · {hands} hands"),
    "cli.stats_none": ("没有对局记录", "no games found"),
    "cli.review_head": (
        "复盘 {who}：与困难电脑从同一视角的选择相比",
        "Review of {who}: beside the hard bot's choice from the same view",
    ),
    "cli.review_head_cmd": (
        "复盘 {who}：与你的机器人程序 {cmd} 从同一视角的选择相比",
        "Review of {who}: beside your bot program's choice ({cmd}) from the same view",
    ),
    "cli.review_row": (
        "第{hand}局 第{step}步：打的 {played} 建议 {suggested}{extra}",
        "hand {hand:>2} step {step:>3}: played {played} suggested {suggested}{extra}",
    ),
    "cli.review_total": (
        "共 {n} 次选择，{agree} 次相同（{pct:.0f}%）",
        "{n} decisions, {agree} agree ({pct:.0f}%)",
    ),
    "cli.review_hand": ("  第{hand}局：{agree}/{n} 相同", "  hand {hand:>2}: {agree}/{n} agree"),
    "cli.review_biggest": ("差别最大的几处：", "biggest differences:"),
    "cli.review_diff": (
        "  第{hand}局 第{step}步：{played} → {suggested}",
        "  hand {hand} step {step}: {played} → {suggested}",
    ),
    "cli.review_nothing": (
        "这个座位在记录里没有做过选择",
        "this seat made no decisions in the record",
    ),
    "cli.hand": (
        "第{hand}局：庄家 {dealer} ×{streak}  {outcome}",
        "hand {hand}: dealer {dealer} ×{streak}  {outcome}",
    ),
    "cli.hand_scores": (
        "    本局 {deltas}   总分 {scores}   事件 {events}",
        "    deltas {deltas}   scores {scores}   events {events}",
    ),
    "cli.draw": ("流局", "drawn hand"),
    "cli.by_discard": ("点炮", "on a discard"),
    "cli.wins": ("{seat} 胡 {pattern}（{by}）", "{seat} wins {pattern} ({by})"),
    "cli.wins_plain": ("{seat} 胡 {pattern}", "{seat} wins {pattern}"),
    "cli.deal": (
        "— 第{hand}局：庄家 {dealer}，骰子 {a}+{b}，金 {gold}",
        "— hand {hand}: dealer {dealer}, dice {a}+{b}, gold {gold}",
    ),
    "cli.unfinished": (
        "第{hand}局没有打完（记录停在 {seats} 要做选择的时候）",
        "hand {hand} is unfinished (the record stops while {seats} is to act)",
    ),
    # Help
    "help.title": ("规则与按键", "Rules and keys"),
    # Help: the sentences of the rules summary that follow the room rules, one pair per switch
    # the pages place (``help.<switch>.on`` / ``.off``), put in help_*.md at ``{<switch>}``; a
    # switch they do not place is told by its label (``help.switch``) under ``help.other_rules``
    "help.other_rules": ("本房间另设", "This room also plays"),
    "help.switch": ("{label}：{state}", "{label}: {state}"),
    "help.white_indicator_reflip.on": (
        "翻到白板就放一边再翻。",
        "a flipped white dragon is set aside and the next tile flipped. ",
    ),
    "help.white_indicator_reflip.off": (
        "翻到白板，白板就是金。",
        "if a white dragon is flipped, the white dragons are the golds. ",
    ),
    "help.indicator_in_play.on": (
        "翻出的那张留在牌尾，下一次从牌尾补牌就摸到它，算一张金。",
        "The flipped tile stays at the tail: the next tail draw takes it, as a gold.",
    ),
    "help.indicator_in_play.off": (
        "翻出的那张放在一边，只有抢金能拿到它。",
        "The flipped tile is set aside: only robbing the gold takes it.",
    ),
    "help.rob_kong.on": (
        "别人加杠时，能胡那张牌的可以**抢杠**。",
        "When a player adds a kong, anyone who can win on that tile may **rob the kong**.",
    ),
    "help.rob_kong.off": ("加杠不能被抢（没有抢杠）。", "An added kong cannot be robbed."),
    "help.chouzhuang_ends_hand.on": (
        "本局作废，像流局一样不计分，下局庄家连庄。",
        "the hand is dead, no payments as in a drawn hand, and the dealer deals again.",
    ),
    "help.chouzhuang_ends_hand.off": ("继续打，", "play goes on, "),
    "help.chouzhuang_streak.on": (
        "庄家马上多算一庄。",
        "and the dealer streak rises by one at once.",
    ),
    "help.chouzhuang_streak.off": (
        "只宣布臭庄，庄番不变。",
        "it is only announced: the dealer streak stays.",
    ),
    "help.jin_shun_sequences_only.on": (
        "其余全是顺子，且没有金。",
        "every other meld a run, with no gold. ",
    ),
    "help.jin_shun_sequences_only.off": (
        "其余没有金（顺子、刻子都行）。",
        "the rest with no gold (runs or triplets). ",
    ),
    "help.dandiao_counts_ankong.on": ("暗杠也算，", "a concealed kong counts as one, "),
    "help.dandiao_counts_ankong.off": (
        "暗杠不算（要吃、碰、明杠出来），",
        "exposed only (a concealed kong does not count), ",
    ),
    "help.xianjin_one_gold.on": (
        "手里只有一张金，其余的牌都已成副，任何一张牌都能和金成将；两张以上的金不算闲金。",
        "one gold in the hand and every other concealed tile in complete melds, so any tile pairs with the gold; two or more golds are not a free gold.",
    ),
    "help.xianjin_one_gold.off": (
        "手里有金（一张或更多），其余的牌都已成副。",
        "golds in the hand (one or more) and every other concealed tile in complete melds.",
    ),
    "help.gold_draw_floor.on": (
        "单钓或闲金时摸到金，至少算金雀（能算更大的番型就算更大的）。",
        " In single wait or free gold, drawing a gold scores at least gold pair (more where the hand fits a bigger pattern).",
    ),
    "help.gold_draw_floor.off": (
        "单钓或闲金时摸到金，算金雀。",
        " In single wait or free gold, drawing a gold scores gold pair.",
    ),
    "help.single_wait_lock.on": (
        "单钓或闲金时，其他三家只能自摸，不能点炮胡——牌桌会写出胡不了的原因。",
        "While a player waits in single wait or with a free gold, the others may win only by self-draw: the table says why a win is not offered.",
    ),
    "help.single_wait_lock.off": (
        "单钓或闲金不锁别人：其他三家照常可以点炮胡。",
        "A single wait or a free gold does not lock the others: they may still win on a discard.",
    ),
    "help.discarder_pays_all.on": (
        "自摸时三个输家各付一份；点炮时由点炮的人一人付三份。",
        "On a self-draw each of the three losers pays one payment; on a discard win the discarder pays all three. ",
    ),
    "help.discarder_pays_all.off": (
        "每个输家各付一份，点炮也一样（点炮的人不多付）。",
        "Each of the three losers pays one payment, on a discard win too (the discarder pays no more). ",
    ),
    "help.keys": ("按键", "Keys"),
    "help.close": ("Esc 关闭", "Esc close"),
    "key.legend": (
        "副露里颜色较浅的是吃、碰、杠来的牌，箭头指向打出它的玩家；暗杠对其他人背面朝下；牌河里变灰、带箭头的牌已被箭头所指的玩家拿走；碰！吃！杠！胡！出现在叫牌的玩家那边",
        "In a meld the lighter tile is the one called, the arrow points at the player who discarded it; a concealed kong lies face down to the others; a greyed discard with an arrow was called away by the player it points at; Pong! Chow! Kong! Win! appear at the caller's side",
    ),
    "key.keys_list": ("1-9 0 q w e r t y u：第1-17张", "1-9 0 q w e r t y u: tiles 1-17"),
    "key.choice_keys": (
        "c 吃 · p 碰 · k 杠 · m 胡 · s/Esc 过 · g 抢金 · j 三金倒 · n 不倒",
        "c chow · p pong · k kong · m win · s/Esc pass · g rob gold · j three golds · n play on",
    ),
    "key.arrows": (
        "←/→ 选牌，Enter 出牌；有吃碰杠胡可选时 ←/→ 或 ↑/↓ 换选项，Enter 选定（下方按键栏写着 Enter 会做什么）",
        "←/→ pick a tile, Enter discards; when a claim is offered, ←/→ or ↑/↓ move between the choices and Enter takes the one selected (the key bar says what Enter does)",
    ),
    "key.auto_keys": (
        "a 自动胡 · x 不吃（本局）· z 自动过（胡除外）· d 摸切（Enter 打出刚摸的牌）· l 剩牌",
        "a auto win · x no chow (this hand) · z auto pass (not a win) · d discard the draw (Enter throws the tile just drawn) · l unseen tiles",
    ),
    # The tutorial (教学): the list of lessons, the lesson's bar over the table, its summary
    "start.tutorial": ("教学", "Tutorial"),
    "cmd.tutorial": ("教学", "Tutorial"),
    "cmd.tutorial_help": (
        "一课一课学宁德麻将：在真正的牌桌上打几手短牌",
        "Learn Ningde mahjong in short guided hands at the real table",
    ),
    "tutorial.title": ("教学", "Tutorial"),
    "tutorial.intro": (
        "每一课是一手安排好的牌，只有一个目标。做对了就往下走；做错了，课程会说为什么，再试一次。",
        "Each lesson is one hand laid out for you, with one goal. The right move goes on; a wrong one is explained, and you try again.",
    ),
    "tutorial.row": ("第 {n} 课{gap}  {title}", "Lesson {n}{gap}  {title}"),
    "tutorial.progress": ("已学完 {done}/{total} 课", "{done} of {total} lessons done"),
    "tutorial.next": (
        "下一课：第 {n} 课 {title}（Enter 开始）",
        "Next: lesson {n}, {title} (Enter starts it)",
    ),
    "tutorial.chosen": (
        "第 {n} 课 {title}（Enter 开始）",
        "Lesson {n}, {title} (Enter starts it)",
    ),
    "tutorial.all_done": (
        "全部学完了！哪一课都可以再练。",
        "Every lesson done! Play any of them again whenever you like.",
    ),
    "tutorial.cannot_save": (
        "学习进度无法保存（{why}），只在这次运行中记得",
        "Your progress cannot be saved ({why}); it is kept for this run only",
    ),
    "tutorial.bad_file": (
        "学习进度文件读不了（{why}）：{where}，从头记起",
        "The progress file cannot be read ({why}): {where}; starting afresh",
    ),
    "key.start_lesson": ("开始这一课", "start the lesson"),
    "key.leave_lesson": ("离开这一课", "leave the lesson"),
    "lesson.bar": ("教学 {n}/{total} · {title}", "Lesson {n}/{total} · {title}"),
    "lesson.goal": ("目标：{goal}", "Goal: {goal}"),
    "lesson.wrong": ("不对：{why}", "Not that: {why}"),
    "lesson.wrong_engine": (
        "不对：牌桌不让——{engine}。{why}",
        "Not that: the table refuses — {engine}. {why}",
    ),
    "lesson.right": ("对了！", "Right!"),
    "lesson.reading": ("本房间的读法：{rule}", "This room's reading: {rule}"),
    "lesson.differs": (
        "你的房间规则和这一课不同：{rule}",
        "Your room plays this otherwise: {rule}",
    ),
    "lesson.rule_is": ("{rule}：{value}", "{rule}: {value}"),
    "lesson.done_title": ("第 {n} 课学完：{title}", "Lesson {n} done: {title}"),
    "lesson.learned": ("学到了", "What you learned"),
    "lesson.pays": ("这一手怎么算分", "What this hand pays"),
    "lesson.next_button": ("下一课", "Next lesson"),
    "lesson.list_button": ("课程列表", "Lessons"),
    "lesson.play_button": ("开一局真正的牌", "Play a real game"),
    "lesson.last": (
        "这是最后一课。准备好了，就和三家电脑开一局真正的牌吧！",
        "That was the last lesson. When you are ready, play a real game against three bots!",
    ),
    "lesson.next_up": ("下一课：第 {n} 课 {title}", "Next: lesson {n}, {title}"),
    "lesson.result_next": ("Enter 看这一课的小结", "Enter: the lesson's summary"),
    "lesson.result_button": ("小结", "Summary"),
    # 1. the tiles, and 白板 as the gold's face
    "lesson.tiles.title": ("牌与白板", "The tiles, and the white dragon"),
    "lesson.tiles.intro": (
        "宁德麻将只有万、筒、条三门（各 1-9，每种四张）加四张白板，共 112 张。开局翻出的那张定下「金」；白板不是万能牌，它当作金那张牌用。这一课的金是五条，所以白板就是一张五条。",
        "Ningde mahjong has three suits only, characters (m), dots (p) and bamboo (s), 1 to 9, four of each, plus four white dragons: 112 tiles. The tile flipped at the start sets the gold; a white dragon is not wild, it plays as the gold's tile. Here the gold is 5s, so a white dragon is a 5s.",
    ),
    "lesson.tiles.goal1": (
        "你摸到一张白板：它当五条，和四条、六条连成四五六条。打出和什么都连不上的九筒。",
        "You drew a white dragon: as a 5s it makes 4s-5s-6s with your 4s and 6s. Discard the 9p, which fits nothing.",
    ),
    "lesson.tiles.white": (
        "白板在这里就是五条，正好连起四五六条，留着它。",
        "Here the white dragon is a 5s and completes 4s-5s-6s: keep it.",
    ),
    "lesson.tiles.other1": (
        "这张牌和别的牌连得上；什么都连不上的是九筒。",
        "That tile fits your hand; the one that fits nothing is the 9p.",
    ),
    "lesson.tiles.goal2": (
        "摸到九万：七八九万成了，整手牌齐了（五副加一对将）。按 m 胡。",
        "You drew 9m: 7m-8m-9m is complete, and so is the hand (five melds and a pair). Press m to win.",
    ),
    "lesson.tiles.not_yet": (
        "先别打：这张九万让你和牌了，按 m 胡。",
        "Don't discard: this 9m completes your hand. Press m to win.",
    ),
    "lesson.tiles.other2": ("按 m 胡。", "Press m to win."),
    "lesson.tiles.summary": (
        "三门牌加白板共 112 张。白板当金的那张牌用（这一局是五条）：能吃、碰、杠、连顺子，但它不是万能牌。和牌是五副加一对将：顺子（同一门三张连号）或刻子（三张一样）。",
        "Three suits and the white dragons: 112 tiles. A white dragon plays as the gold's tile (5s here): it chows, pongs, kongs and makes runs as that tile, but it is not wild. A winning hand is five melds and a pair: a run (three in a row of one suit) or a triplet.",
    ),
    # 2. the gold
    "lesson.gold.title": ("金：万能，但不能打", "The gold: wild, never discarded"),
    "lesson.gold.intro": (
        "金（这一课是九条）是万能牌：在你手里它能当任何一张。但金永远不能打出去，也不能拿来吃、碰、杠。",
        "The gold (9s here) is wild: in your hand it can be any tile. But a gold can never be discarded, and is never used to chow, pong or kong.",
    ),
    "lesson.gold.goal1": (
        "你的金当三条，和二条、四条成二三四条。打出孤张一筒。（也可以试试打金，看看会怎样。）",
        "Your gold plays as the 3s between your 2s and 4s. Discard the lone 1p. (Try discarding the gold, too.)",
    ),
    "lesson.gold.gold": (
        "金是你最好的牌：它能当三条，也能当任何一张。",
        "The gold is your best tile: it can be the 3s, or any tile you need.",
    ),
    "lesson.gold.other1": (
        "打孤张一筒：它和哪张都连不上。",
        "Discard the lone 1p: it fits nothing.",
    ),
    "lesson.gold.goal2": (
        "摸到八条：六七八条成了，金当三条，整手齐了。按 m 胡。",
        "You drew 8s: 6s-7s-8s, the gold as 3s, and the hand is complete. Press m to win.",
    ),
    "lesson.gold.not_yet": (
        "这张八条已经让你和牌了，按 m 胡。",
        "This 8s completes your hand: press m to win.",
    ),
    "lesson.gold.other2": ("按 m 胡。", "Press m to win."),
    "lesson.gold.summary": (
        "金是万能牌，只在你自己手里当任何一张用；它不能打出，也不能拿来吃碰杠。胡牌时手里每张金多算一番（公式里的「金」）。",
        "The gold is wild, but only inside your own hand; it is never discarded and never used for a call. Each gold in a winning hand counts one more in the score (gold in the formula).",
    ),
    # 3. 吃 and 碰
    "lesson.calls.title": ("吃与碰", "Chow and pong"),
    "lesson.calls.intro": (
        "别人打出的牌可以叫：吃（只能吃上家，也就是你左手边那家的牌，凑成顺子），碰（谁打的都行，凑成刻子）。碰比吃优先。",
        "A discard can be called: chow (only from Left, the player on your left, to make a run) or pong (from anyone, to make a triplet). Pong beats chow.",
    ),
    "lesson.calls.goal1": (
        "上家打出四万，和你的三万、五万连成顺子：按 c 吃。",
        "Left discards 4m, which makes a run with your 3m and 5m: press c to chow.",
    ),
    "lesson.calls.chi_pass": (
        "这张四万正好补上三万和五万中间的空：吃下来。",
        "That 4m fills the gap between your 3m and 5m: chow it.",
    ),
    "lesson.calls.other1": ("按 c 吃。", "Press c to chow."),
    "lesson.calls.goal2": (
        "吃完要马上打一张。打一张你不要的牌，留着一对七筒。",
        "After a call you discard at once. Discard a tile you do not need, and keep your pair of 7p.",
    ),
    "lesson.calls.keep_pair": (
        "留着七筒对子，马上就用得上。",
        "Keep the pair of 7p: you will want it in a moment.",
    ),
    "lesson.calls.goal3": (
        "对家打出七筒：不是上家打的，不能吃；但你有一对七筒，可以碰（按 p）。上家也想吃这张——碰比吃优先。",
        "Across discards 7p: it is not Left's, so you cannot chow it; but you hold a pair of 7p and may pong it (press p). Left wants to chow it too: pong beats chow.",
    ),
    "lesson.calls.pong_pass": ("这张七筒能碰：按 p。", "You can pong this 7p: press p."),
    "lesson.calls.pong_chi": (
        "只能吃上家的牌；对家打的只能碰。",
        "You chow only from Left; from Across you may only pong.",
    ),
    "lesson.calls.other3": ("按 p 碰。", "Press p to pong."),
    "lesson.calls.summary": (
        "吃：只吃上家，凑顺子。碰：谁打的都行，凑刻子。几家要同一张牌时，胡比杠、碰优先，杠、碰比吃优先，所以你的碰抢在上家的吃前面。吃、碰之后要马上打一张。",
        "Chow: from Left only, for a run. Pong: from anyone, for a triplet. When several players want one discard, a win beats kong and pong, which beat chow: your pong came before Left's chow. After a call you discard at once.",
    ),
    # 4. 杠 and the tail
    "lesson.kong.title": ("杠与牌尾", "Kong, and the tail"),
    "lesson.kong.intro": (
        "手里有三张一样的，别人打出第四张就能杠（明杠）。杠完从牌尾补一张，牌墙末尾不摸的留牌也多留 2 张。",
        "With three of a kind in hand you may kong the fourth when someone discards it (an exposed kong). You then draw a replacement from the tail, and the wall keeps 2 more tiles back at its end.",
    ),
    "lesson.kong.goal1": (
        "上家打出八筒，你手里有三张八筒：按 k 杠。先看看牌墙中间的「留」：现在是 16。",
        "Left discards 8p and you hold three: press k to kong. First look at the reserve in the wall's centre: 16 now.",
    ),
    "lesson.kong.pong": (
        "碰也能拿，但你有三张八筒：杠成四张多算一番（杠），还能从牌尾补一张。",
        "A pong takes it too, but you hold three 8p: a kong of four adds 1 to kong in the score's formula, and draws you a replacement.",
    ),
    "lesson.kong.pass": ("别过：按 k 杠。", "Don't pass: press k to kong."),
    "lesson.kong.other1": ("按 k 杠。", "Press k to kong."),
    "lesson.kong.goal2": (
        "你从牌尾补了一张，留牌从 16 变成了 18。打一张牌。",
        "You drew a replacement from the tail, and the reserve went from 16 to 18. Discard a tile.",
    ),
    "lesson.kong.other2": ("打一张牌。", "Discard a tile."),
    "lesson.kong.summary": (
        "杠：明杠（别人打出的第四张，或碰了之后自己摸到第四张加杠）每个算 1 杠，暗杠（自己摸齐四张）算 2 杠。杠完从牌尾补牌。牌墙最后留 16 张不摸，每个明杠、加杠多留 2 张，每个暗杠多留 4 张。",
        "Kong: an exposed kong (a discard's fourth tile, or an added kong on your pong) adds 1 to kong in the score's formula, a concealed kong (four drawn yourself) 2. After a kong you draw from the tail. The wall keeps 16 tiles back, 2 more for each exposed or added kong, 4 more for each concealed one.",
    ),
    # 5. after a call; the concealed kong
    "lesson.after_call.title": ("碰完先打牌；暗杠", "After a call; the concealed kong"),
    "lesson.after_call.intro": (
        "吃、碰之后必须马上打一张：这一轮不能杠、不能胡，就算手里有四张一样的也不行。等下次摸牌以后才能杠。",
        "After a chow or pong you must discard at once: no kong and no win that turn, even with four of a kind in hand. Kong after your next draw.",
    ),
    "lesson.after_call.goal1": (
        "上家打出三条，你有一对三条：按 p 碰。",
        "Left discards 3s and you hold a pair of them: press p to pong.",
    ),
    "lesson.after_call.pong_pass": ("按 p 碰这张三条。", "Press p to pong this 3s."),
    "lesson.after_call.other1": ("按 p 碰。", "Press p to pong."),
    "lesson.after_call.goal2": (
        "你手里有四张二万，可是刚碰完：先打一张别的牌。想现在杠？按 k 试试。",
        "You hold four 2m, but you have just called: discard something else first. Want to kong now? Try k.",
    ),
    "lesson.after_call.no_kong": (
        "四张二万留着别拆，打一张别的牌。",
        "Keep the four 2m together, and discard another tile.",
    ),
    "lesson.after_call.keep_four": (
        "留着四张二万：摸牌以后就能暗杠。",
        "Keep the four 2m: after your next draw you can kong them.",
    ),
    "lesson.after_call.other2": ("打一张牌。", "Discard a tile."),
    "lesson.after_call.goal3": (
        "你摸了牌，现在可以暗杠四张二万了：按 k。暗杠在别人看来是背面朝下的。",
        "You have drawn: now kong the four 2m, concealed, with k. The others see it face down.",
    ),
    "lesson.after_call.kong_now": (
        "现在能暗杠了：按 k，杠完还会从牌尾补一张。",
        "Now you can kong: press k, and you draw a replacement from the tail.",
    ),
    "lesson.after_call.other3": ("按 k 暗杠。", "Press k for the concealed kong."),
    "lesson.after_call.summary": (
        "吃、碰之后马上打牌，不能杠也不能胡，摸牌以后才行。暗杠算 2 杠，牌墙多留 4 张：「留」从 16 变成了 20。",
        "After a chow or pong: discard at once, no kong and no win; those come after a draw. A concealed kong adds 2 to kong in the score's formula, and the wall keeps 4 more tiles back: the reserve went from 16 to 20.",
    ),
    # 6. 抢金
    "lesson.rob.title": ("抢金", "Robbing the gold"),
    "lesson.rob.intro": (
        "庄家打出第一张牌后，先开「抢金窗口」：谁的 16 张牌加上翻出来的那张金（当万能牌）能和牌，谁就可以抢金。一局只有这一次，在别人叫庄家这张牌之前。",
        "After the dealer's first discard comes the rob-the-gold window: anyone whose 16 tiles plus the face-up gold (as a wild tile) make a winning hand may rob the gold. It happens once a hand, before anyone may call that discard.",
    ),
    "lesson.rob.goal1": (
        "你只差一张九筒，翻出来的金（五条）可以当这张九筒：按 g 抢金！",
        "You need only a 9p, and the face-up gold (5s) can be that 9p: press g to rob the gold!",
    ),
    "lesson.rob.pass": (
        "别过：抢金只有这一次机会，赔得比平胡多。",
        "Don't pass: this is your one chance, and it pays more than a plain win.",
    ),
    "lesson.rob.other1": ("按 g 抢金。", "Press g to rob the gold."),
    "lesson.rob.summary": (
        "抢金只在开局这一下：庄家打出第一张后，听牌的人拿翻出来的金和牌。算分是 (金 + 杠 + 庄 + 抢金 1 + 胡 1) × 2，抢到的金也算一张金。",
        "Robbing the gold happens only at the start: after the dealer's first discard, a ready hand takes the face-up gold and wins. It pays (gold + kong + dealer + rob 1 + win 1) × 2, and the robbed gold counts as a gold.",
    ),
    # 7. 三金倒, 不倒, 金顺
    "lesson.three_gold.title": ("三金倒与不倒", "Three golds, and playing on"),
    "lesson.three_gold.intro": (
        "手里有三张金，摸牌之后就能「三金倒」：不管牌型，直接胡。也可以「不倒」接着打，去做更大的牌；不倒以后，胡牌的分不能比三金倒少。",
        "With three golds in hand you may win right after a draw whatever the shape: three golds. Or play on for a bigger hand; after that, a win must pay at least what three golds would.",
    ),
    "lesson.three_gold.goal1": (
        "你摸到了第三张金（五筒）。三金倒能马上胡，但这手离金顺（三张金当一副，其余不用金）不远，金顺赔得多得多：按 n 不倒。",
        "You drew your third gold (5p). Three golds would win now, but this hand is close to a gold run (the three golds one meld, nothing else a gold), which pays far more: press n to play on.",
    ),
    "lesson.three_gold.take_now": (
        "三金倒只按自摸算，(金 + 杠 + 庄 + 胡 1) × 2；金顺是 (金 + 杠 + 庄) × 3 + 30，多好几倍。按 n 不倒。",
        "Three golds pays as a self-drawn win, (gold + kong + dealer + win 1) × 2; a gold run pays (gold + kong + dealer) × 3 + 30, several times more. Press n to play on.",
    ),
    "lesson.three_gold.other1": ("按 n 不倒。", "Press n to play on."),
    "lesson.three_gold.goal2": (
        "不倒以后照常打牌：打出一筒。",
        "Having played on, discard as usual: the 1p.",
    ),
    "lesson.three_gold.other2": (
        "一筒和九筒都是孤张；这一课先打一筒，九筒留到下一步。",
        "The 1p and the 9p are both loose: this lesson throws the 1p now and the 9p next.",
    ),
    "lesson.three_gold.goal3": (
        "摸到四条，二三四条成了。现在按 m 就能胡，但只按自摸算，和三金倒一样多。再等一张：打出九筒，听三万、六万、九万做金顺。",
        "You drew 4s: 2s-3s-4s is complete. Press m and you win now, but only as self-drawn, which pays no more than three golds. Wait one more tile: discard the 9p and wait on 3m, 6m or 9m for the gold run.",
    ),
    "lesson.three_gold.zimo_now": (
        "现在胡只算自摸，和三金倒一样多；再摸一张就是金顺。打九筒。",
        "A win now pays only as self-drawn, the same as three golds; one more tile makes a gold run. Discard the 9p.",
    ),
    "lesson.three_gold.other3": ("打九筒。", "Discard the 9p."),
    "lesson.three_gold.goal4": (
        "九万来了：七八九万成了，三张金当一副，别的牌里没有金——金顺！按 m 胡。",
        "The 9m: 7m-8m-9m, the three golds one meld, no gold anywhere else: a gold run! Press m to win.",
    ),
    "lesson.three_gold.not_yet": ("按 m 胡金顺。", "Press m for the gold run."),
    "lesson.three_gold.other4": ("按 m 胡。", "Press m to win."),
    "lesson.three_gold.summary": (
        "三金倒：有三张金，摸牌后不管牌型都能胡（开局时按抢金算，之后按自摸算）。不倒之后，胡牌不能比三金倒少。金顺：三张金成一副，其余没有金，(金 + 杠 + 庄) × 3 + 30。",
        "Three golds: with three golds you may win after any draw, whatever the shape (at the start it pays as robbing the gold, later as self-drawn). Once you play on, a win must pay at least that. Gold run: the three golds one meld, no gold in the rest: (gold + kong + dealer) × 3 + 30.",
    ),
    # 8. 金雀 and the discard-win limit
    "lesson.jinque.title": ("金雀与点炮的限制", "Gold pair, and the discard-win limit"),
    "lesson.jinque.intro": (
        "两张金当将（那一对），叫金雀，赔 (金 + 杠 + 庄) × 3 + 15。听金雀、金顺或清一色的时候，别人打的牌只有够这个番才能胡，点炮胡不了平胡；自摸怎么都能胡。",
        "Two golds as the pair is a gold pair, paying (gold + kong + dealer) × 3 + 15. While you wait for a gold pair, gold run or pure suit, a discard wins only at that level, never as a plain win; a self-draw wins any way.",
    ),
    "lesson.jinque.goal1": (
        "上家打出七条：它能凑成和牌，但只是平胡，不够金雀，所以不能胡（看选项旁边那行字）。按 s 过。",
        "Left discards 7s: it completes your hand, but only as a plain win, not a gold pair, so no win (read the line beside the choices). Press s to pass.",
    ),
    "lesson.jinque.restricted": (
        "过，把机会留给自摸：自己摸到的牌怎么都能胡，摸到三万就是金雀。",
        "Pass, and leave it to your own draw: a self-draw wins any way, and a 3m makes the gold pair.",
    ),
    "lesson.jinque.chi": (
        "吃了还得再打一张，听的还是三万，白白多亮出一副牌。过，等三万。",
        "A chow gains nothing: you would discard again and still wait on the 3m, with a meld shown for nothing. Pass and wait for the 3m.",
    ),
    "lesson.jinque.other1": ("按 s 过。", "Press s to pass."),
    "lesson.jinque.goal2": (
        "你自己摸到三万：一二三万成了，两张金做将——金雀！按 m 胡。",
        "You drew the 3m yourself: 1m-2m-3m, the two golds the pair: a gold pair! Press m to win.",
    ),
    "lesson.jinque.not_yet": ("按 m 胡金雀。", "Press m for the gold pair."),
    "lesson.jinque.other2": ("按 m 胡。", "Press m to win."),
    "lesson.jinque.summary": (
        "金雀：两张金做将。听金雀（或金顺、清一色）时，点炮只能胡同级或更高的番，这是宁德麻将特有的限制；自摸不受限制。",
        "Gold pair: the two golds are the pair. While you wait for a gold pair (or a gold run, or a pure suit), a discard win must reach that level, a rule of Ningde mahjong; a self-draw is not limited.",
    ),
    # 9. 清一色
    "lesson.qingyise.title": ("清一色", "Pure suit"),
    "lesson.qingyise.intro": (
        "除了金，所有的牌（吃、碰、杠出来的也算）都是同一门，叫清一色，赔 (金 + 杠 + 庄) × 3 + 30。白板算金的那一门。",
        "Every tile but the golds in one suit, called melds included, is a pure suit, paying (gold + kong + dealer) × 3 + 30. A white dragon counts as the gold's suit.",
    ),
    "lesson.qingyise.goal1": (
        "你手里只有七条不是万：打出七条，只留万。",
        "Only the 7s is not a character: discard it and keep nothing but characters.",
    ),
    "lesson.qingyise.other1": (
        "留着万：打出唯一的条子，七条。",
        "Keep the characters: discard the one bamboo, the 7s.",
    ),
    "lesson.qingyise.goal2": (
        "下家打出五万：三四五万成了，全是万——清一色！按 m 胡。听清一色时点炮也能胡，因为够格。",
        "Right discards 5m: 3m-4m-5m, all characters: a pure suit! Press m. A discard may win it, since it reaches the level.",
    ),
    "lesson.qingyise.pass": (
        "别过：这是清一色，点炮也能胡。",
        "Don't pass: this is a pure suit, and a discard may win it.",
    ),
    "lesson.qingyise.other2": ("按 m 胡。", "Press m to win."),
    "lesson.qingyise.summary": (
        "清一色：除了金全是一门，点炮也能胡。一张牌几家都能胡时，番高的那家胡：单钓、金顺、清一色 > 金雀 > 平胡。点炮的下家和另外两家付得一样多。",
        "Pure suit: everything but the golds in one suit, and a discard may win it. When several players can win one discard, the higher tier wins: single wait, gold run, pure suit > gold pair > plain win. Right, who discarded, pays no more than the other two.",
    ),
    # 10. 单钓
    "lesson.dandiao.title": ("单钓", "Single wait"),
    "lesson.dandiao.intro": (
        "五副牌都是吃、碰、杠出来的，手里只剩一张等它的对子，叫单钓，赔 (金 + 杠 + 庄) × 3 + 30。你已经碰了四副。",
        "Five melds all declared (chow, pong or kong), and one tile in hand waiting for its pair: a single wait, paying (gold + kong + dealer) × 3 + 30. You have four pongs already.",
    ),
    "lesson.dandiao.goal1": (
        "上家打出七筒：按 p 碰，这是第五副。",
        "Left discards 7p: press p to pong it, your fifth meld.",
    ),
    "lesson.dandiao.pass": ("碰下来，第五副就齐了。", "Pong it: that is your fifth meld."),
    "lesson.dandiao.other1": ("按 p 碰。", "Press p to pong."),
    "lesson.dandiao.goal2": (
        "手里剩五万和九条：打一张，留一张单钓。九条已经打出两张，只剩一张能和它成对；五万还有两张没出现。打出九条。",
        "You hold 5m and 9s: discard one, wait on the other. Two 9s are already out, so one is left to pair yours; two 5m are still unseen. Discard the 9s.",
    ),
    "lesson.dandiao.dead_tile": (
        "九条只剩一张没出现，五万还有两张：留五万。",
        "Only one 9s is still unseen, two 5m are: keep the 5m.",
    ),
    "lesson.dandiao.other2": ("打九条。", "Discard the 9s."),
    "lesson.dandiao.goal3": (
        "对家打出五万：单钓可以点炮胡，按 m。（你单钓的时候，另外三家只能自摸。）",
        "Across discards 5m: a single wait may win on a discard, press m. (While you wait single, the other three may only win by self-draw.)",
    ),
    "lesson.dandiao.pass3": (
        "别过：单钓可以胡别人打的牌。",
        "Don't pass: a single wait may win on a discard.",
    ),
    "lesson.dandiao.other3": ("按 m 胡。", "Press m to win."),
    "lesson.dandiao.summary": (
        "单钓：五副都是吃、碰、杠出来的（暗杠也算），手里只剩一张等对子。单钓时你胡别人打的牌、自摸都行；另外三家只能自摸。",
        "Single wait: five declared melds (chow, pong or kong, a concealed kong too) and one tile waiting for its pair. You may then win on a discard or by self-draw; the other three only by self-draw.",
    ),
    # 11. the lock
    "lesson.lock.title": ("单钓、闲金的锁", "The single-wait lock"),
    "lesson.lock.intro": (
        "有人单钓或闲金（手里只有一张金，别的牌都已成副）的时候，另外三家只能自摸，不能点炮胡。牌桌不会说是谁，但会告诉你为什么不能胡。",
        "While a player waits single or with a free gold (one gold in hand, everything else in complete melds), the other three may win only by self-draw. The table won't say who, but it says why a win is not offered.",
    ),
    "lesson.lock.goal1": (
        "上家打出五条，本来能让你和牌；可是有人闲金，把点炮锁住了（看选项旁边那行字）。按 s 过。",
        "Left discards 5s, which would finish your hand; but someone waits with a free gold, and that locks discard wins (read the line beside the choices). Press s to pass.",
    ),
    "lesson.lock.locked": (
        "过，等自己摸：锁只管点炮，不管自摸。",
        "Pass, and wait for your own draw: the lock stops discard wins, not self-draws.",
    ),
    "lesson.lock.pong": (
        "碰了还得打掉一张八条，只剩听八条；过，五条、八条都还能自摸。",
        "A pong makes you throw an 8s and wait on the 8s alone; pass, and the 5s or the 8s may still come to your own draw.",
    ),
    "lesson.lock.other1": ("按 s 过。", "Press s to pass."),
    "lesson.lock.goal2": (
        "你自己摸到八条：锁只管点炮，自摸照样能胡。按 m。",
        "You drew the 8s yourself: the lock stops discard wins only, and a self-draw still wins. Press m.",
    ),
    "lesson.lock.not_yet": ("按 m 自摸。", "Press m to win it."),
    "lesson.lock.other2": ("按 m 胡。", "Press m to win."),
    "lesson.lock.summary": (
        "锁：有人单钓或闲金（而且他已经打过牌）的时候，另外三家只能自摸；单钓、闲金的那一家胡别人打的牌、自摸都行。",
        "The lock: while a player waits single or with a free gold (once they have discarded), the other three may only win by self-draw; that player may win either way.",
    ),
    # 12. the end of the wall
    "lesson.wall_end.title": ("牌墙的尽头", "The end of the wall"),
    "lesson.wall_end.intro": (
        "牌墙最后 16 张不摸（每个明杠、加杠多留 2 张，每个暗杠多留 4 张）。轮到有人摸牌时，可摸的只剩 4 张或更少，就是「最后一出」：每人再摸一张，不再打牌；摸到能胡的牌就自动自摸。都没胡就流局。",
        "The wall's last 16 tiles are never drawn (2 more for each exposed or added kong, 4 more for each concealed kong). When 4 or fewer drawable tiles are left at a draw, the last draws begin: each player draws one, no discards, and a tile that completes a hand wins by itself, as self-drawn. If nobody wins, the hand is drawn.",
    ),
    "lesson.wall_end.reading": (
        "翻出的那张金算不算在牌墙里？本房间：{rule}",
        "Does the flipped gold count in the wall? In this room: {rule}",
    ),
    "lesson.wall_end.goal1": (
        "可摸的牌只剩 {drawable} 张，后面 {reserve} 张留着不摸。打出三条，留着七八条，两头听六条、九条。",
        "Only {drawable} tiles are left to draw, and the {reserve} behind them are kept back. Discard the 3s and keep 7s-8s, waiting on 6s or 9s.",
    ),
    "lesson.wall_end.keep_wait": (
        "七八条两头都能听（六条、九条），留着它们。",
        "7s-8s wait on two tiles, 6s and 9s: keep them.",
    ),
    "lesson.wall_end.other1": (
        "打三条，别拆开你的听牌。",
        "Discard the 3s, and keep your hand ready.",
    ),
    "lesson.wall_end.summary": (
        "留牌 16 张，杠会让它变多。最后一出每人摸一张，能胡就自动自摸；没人胡就流局：不计分，庄家连庄。",
        "16 tiles are kept back, more with kongs. In the last draws each player draws one, and a completing tile wins by itself, as self-drawn; if nobody wins, the hand is drawn: no score, the dealer deals again.",
    ),
    # 13. 臭庄
    "lesson.chouzhuang.title": ("臭庄", "Foul deal"),
    "lesson.chouzhuang.intro": (
        "第一圈四家打出的第一张都是同一种牌，叫臭庄。",
        "When all four players' first discards are the same tile, it is a foul deal.",
    ),
    "lesson.chouzhuang.goal1": (
        "下家、对家、上家的第一张都是九筒。你也打九筒，看看臭庄。",
        "Right, Across and Left all opened with 9p. Discard your 9p too, and see the foul deal.",
    ),
    "lesson.chouzhuang.other1": (
        "这一课要你也打九筒：四家第一张都一样才是臭庄。",
        "This lesson asks for your 9p: a foul deal needs all four first discards the same.",
    ),
    "lesson.chouzhuang.summary": (
        "臭庄：第一圈四家打的第一张都一样，中间没人叫牌。",
        "A foul deal: the four first discards are the same tile, with no call in between.",
    ),
    # 14. reading a result
    "lesson.result.title": ("看懂算分", "Reading a result"),
    "lesson.result.intro": (
        "每家付多少都写成公式：金（胡牌手里的金，抢到的也算）+ 杠（明杠、加杠各 1，暗杠 2）+ 庄（庄家的连庄数，只在庄家胡或庄家付的时候算），再按番型乘、加。",
        "What each player pays is written as its formula: gold (golds in the winning hand, a robbed one too) + kong (1 for each exposed or added kong, 2 for a concealed one) + dealer (the dealer's streak, only when the dealer wins or pays), then the pattern's multiply and add.",
    ),
    "lesson.result.goal1": (
        "你摸到九万，和牌了（手里一张金、一个暗杠）。按 m 胡，然后看每一家付分的公式。",
        "You drew 9m and your hand is complete (one gold, a concealed kong). Press m to win, then read each payer's formula.",
    ),
    "lesson.result.not_yet": (
        "九万让你和牌了：按 m 胡。",
        "The 9m completes your hand: press m to win.",
    ),
    "lesson.result.other1": ("按 m 胡。", "Press m to win."),
    "lesson.result.summary": (
        "自摸是 (金 + 杠 + 庄 + 胡 1) × 2：你的一张金是「金1」，暗杠是「杠2」。上家是庄，连了一庄（庄×2），所以只有上家的公式里有「庄2」：下家、对家各付 (1 + 2 + 1) × 2 = 8，上家付 (1 + 2 + 2 + 1) × 2 = 12。",
        "Self-drawn pays (gold + kong + dealer + win 1) × 2: your one gold is gold1 and your concealed kong is kong2. Left is the dealer for the second time (dealer ×2), so dealer2 is in Left's formula alone: Right and Across pay (1 + 2 + 1) × 2 = 8 each, Left pays (1 + 2 + 2 + 1) × 2 = 12.",
    ),
}

ZH: dict[str, str] = {key: words[0] for key, words in WORDS.items()}
EN: dict[str, str] = {key: words[1] for key, words in WORDS.items()}
YOU_EN: dict[str, str] = {key: words[-1] for key, words in WORDS.items() if len(words) == 3}
STRINGS: dict[str, dict[str, str]] = {"zh": ZH, "en": EN}


def tr(lang: str, key: str, **values: object) -> str:
    """One entry in ``lang``, formatted; told of the viewer's own seat (``name`` is "You"),
    the English second person."""
    text = STRINGS[lang][key]
    if not values:
        return text
    if lang == "en" and values.get("name") == EN["seat.0"]:
        text = YOU_EN.get(key, text)
    return text.format(**values)


def refusal_text(lang: str, refusal: Refusal) -> str:
    """The engine's refusal (``IllegalAction.refusal``, ``Observation.win_blocked``) in the
    player's language, by its code and parameters; a refused 胡 says the reason it was refused.
    A code without a translation (none today: a test checks) shows the engine's words."""
    refusal = refusal.root()
    key = f"refuse.{refusal.code}"
    if key not in STRINGS[lang]:
        return refusal.text
    values = {"why": refusal.text, **refusal.params}
    if "wait" in values:
        values["wait"] = tr(lang, f"wait.{values['wait']}")
    for name in ("need", "pattern"):
        if name in values:
            values[name] = pattern_name(str(values[name]), lang)
    return tr(lang, key, **values)


def width(text: str) -> int:
    """How many terminal cells ``text`` takes (a Chinese character two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, cells: int, right: bool = False) -> str:
    """``text`` cut or padded with spaces to ``cells`` terminal cells (padded to the left
    when ``right``)."""
    while width(text) > cells:
        text = text[:-1]
    fill = " " * max(cells - width(text), 0)
    return fill + text if right else text + fill


def tile_name(tile: int, lang: str, ascii_tiles: bool = False) -> str:
    """五万 / 5m: how a tile is named in running text."""
    if ascii_tiles or lang == "en":
        return tile_str(tile)
    return tile_zh(tile)


def seat_name(seat: int, lang: str) -> str:
    return tr(lang, f"seat.{seat}")


def person_name(name: str, kind: str, levels: Sequence[str], lang: str) -> str:
    """A player as every view that names players names them (战绩, ``ningde stats`` and
    ``review``, replay and 复盘, a hot-seat table and its results, the recent games, a room and
    the lobby; a table seen from one chair says places instead, 你/下家/对家/上家): a person
    the record names only by seat
    (``P1``, records.checks.default_name) as 玩家1 / Player 1, a bot named by its level as
    电脑·普通 / normal bot, a bot with a name of its own with its level beside it."""
    number = name[1:] if name[:1] == "P" else ""
    if kind == "human" and number in {"1", "2", "3", "4"}:
        return tr(lang, "seat.player", n=int(number))
    if kind != "bot" or len(levels) != 1:
        return name
    level = level_name(levels[0], lang)
    if name == levels[0]:
        return tr(lang, "seat.bot_level", level=level)
    return tr(lang, "seat.named_bot", name=name, level=level)


def placed_name(place: str, person: str, lang: str) -> str:
    """A seat seen from a chair: its place, then its player's name as ``people_names`` says
    it (下家·电脑·普通 2号, Right · normal bot #2); the place alone for no name."""
    return tr(lang, "seat.at", place=place, name=person) if person else place


def people_names(seats: Sequence[tuple[str, str, str]], lang: str) -> tuple[str, ...]:
    """Four seats' ``(name, kind, level)`` as ``person_name`` says them, where the seats must
    be told apart without their places (a replay, a demo): a name several seats share (three
    normal bots) followed by its seat's number (电脑·普通 2号 / normal bot #2)."""
    names = [person_name(name, kind, [level] if level else [], lang) for name, kind, level in seats]
    return tuple(
        tr(lang, "seat.twin", name=n, n=i + 1) if names.count(n) > 1 else n
        for i, n in enumerate(names)
    )


# The game's words a line of Chinese is never broken inside (Chinese wraps between any two
# characters, but not in the middle of 八万 or 普通): every tile's name, the names the tables
# above give seats, levels, patterns, calls and rule events, and these terms of the game.
TERMS = (
    "庄家 连庄 玩家 电脑 金牌 三金 闲金 抢金 金雀 金顺 单钓 点炮 自摸 听牌 向听 进张 牌墙 牌尾 "
    "牌河 副露 留牌 开金 流局 臭庄 复盘 战绩 剩牌 托管 热座 离线 牌城 明杠 番型 牌型 钓将 "
    "庄番 金番 杠番 放一边"  # 放一边: the white flipped as the gold is set aside
).split()
UNBROKEN_FROM = ("seat.", "level.", "pattern.", "choice.", "rule_event.", "auto.", "pace.")


def unbroken_words() -> frozenset[str]:
    """The words of ``TERMS`` and of the tables' names, each 2-5 Chinese characters."""
    named = {
        text
        for key, text in STRINGS["zh"].items()
        if key.startswith(UNBROKEN_FROM)
        and 2 <= len(text) <= 5
        and all(unicodedata.east_asian_width(ch) == "W" for ch in text)
    }
    seats = (f"{n}号" for n in range(1, 5))  # 电脑·普通 2号: a seat's number with its 号
    return frozenset({*TERMS, *named, *seats, *(tile_zh(t) for t in range(NUM_KINDS))})


def level_name(level: str, lang: str) -> str:
    """A bot level's name; a level this table does not know yet keeps its own name."""
    return STRINGS[lang].get(f"level.{level}", level)


def pattern_name(pattern: str, lang: str) -> str:
    """A scoring pattern's name (``jinque`` → 金雀 / Gold Pair); an unknown key as it is."""
    return STRINGS[lang].get(f"pattern.{pattern}", pattern)


def switch_sentence(name: str, on: bool, lang: str) -> str:
    """What the rule switch ``name`` set on (or off) means, as the help and the lessons say it:
    its sentence ``help.<name>.on`` / ``.off`` where the help pages give it a place, else its
    label and whether it is on (点炮者包三家：开)."""
    key = f"help.{name}.{'on' if on else 'off'}"
    if key in STRINGS[lang]:
        return tr(lang, key)
    state = tr(lang, "settings.on" if on else "settings.off")
    return tr(lang, "help.switch", label=tr(lang, f"rule.{name}"), state=state)


def payment_text(payment: Payment, lang: str) -> str:
    """A payment's formula as the engine computed it, in the player's words:
    ``(金2 + 杠1 + 庄2) × 3 + 15 = 30``, ``(gold2 + kong1 + dealer2) × 3 + 15 = 30``."""
    body = " + ".join(f"{tr(lang, f'fan.{fan}')}{n}" for fan, n in payment.terms())
    shape = payment.shape
    text = body if shape.times == 1 else f"({body}) × {shape.times}"
    if shape.after:
        text += f" + {shape.after}"
    return f"{text} = {payment.amount}"
