"""Table widgets, one module each.

Each holds what it shows as one immutable state object in a reactive, ``state``
(``SeatState``, ``PondState``, ``WallState``, ``HandState`` …), and draws from it: in
``watch_state`` (``update`` its content) or in ``render`` (when the drawing depends on the
widget's size). The table screen sets ``state``; an equal state draws nothing again. The log is
the exception: a ``RichLog`` the screen writes lines to. Widgets post messages up
(``HandTile.Clicked``, ``ChoiceButton.Pressed``).
"""
