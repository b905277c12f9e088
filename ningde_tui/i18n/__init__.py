"""What the player reads, in both languages: every string of the table, the screens and the
commands' text output is one entry of ``words.WORDS``; the helpers beside it name tiles, seats,
patterns, payments and refusals the same way everywhere. Textual-free (the engine and the
standard library only)."""
