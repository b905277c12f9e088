"""The Textual table for 宁德麻将: the app, its screens and widgets (the rules live in
``ningde_tui.rules``; this package only draws them and passes decisions to the engine)."""
