"""The rules of 17 Steps, pure Python: no pygame, every random choice from an injected RNG."""
