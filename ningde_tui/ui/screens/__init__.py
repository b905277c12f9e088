"""The app's screens: start, table (and the hot-seat cover over it), result, replay, recent
games, statistics, settings, help, a broken record.

Each is a ``PlayerScreen`` or ``PlayerModal`` (``base.py``): it draws in the app's language
and tile style and asks the app for what is the app's to do (a new game, another screen) by
posting a message — ``StartScreen.NewGame``, ``RecentScreen.Watch``, ``TableScreen.Done``,
``ResultScreen.Review``, ``OpenScreen`` … — which the app handles (``on_start_screen_new_game``).
"""
