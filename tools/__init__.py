"""Developer tools: measurements and fits behind the numbers in game/ai (see docs/ai.md)."""
