"""The app's screens: start, table, result (modal) and help (modal)."""
