"""Table widgets, one module each."""
