"""Playing a match: the session, the table's seats and clocks, its frame and words, saves. No pygame."""
