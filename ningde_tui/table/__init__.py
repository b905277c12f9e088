"""A session as its seats play it, Textual-free: the match (who sits where, whose move, the
bots, the record), the view each seat is drawn from and who may see what (``view``), the
seats' names (``seating``), the bots' levels and paces (``presets``) and the auto options
(``auto``). The local table and the online rooms both play through it."""
