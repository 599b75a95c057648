"""What the game says: translations, mahjong terms, rule and value texts, numbers. No pygame."""
