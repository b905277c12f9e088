"""The player's settings, kept in the user's config folder between runs (``store``): below the
UI and the online rooms, so the commands and the table read them the same way."""
