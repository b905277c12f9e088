"""Online rooms (interfaces.md §6): one authoritative server per room, every client a seat's view."""
