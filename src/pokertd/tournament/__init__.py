"""The tournament: entries, structure and clock, tables and seats, places."""
