"""A server for a community (interfaces.md §7): many §6 rooms behind one address, a lobby,
players with ratings, and every finished hand replayable by a short code."""
