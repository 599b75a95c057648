"""17 Steps (17歩): the two-player riichi mahjong duel from Kaiji."""

__version__ = "0.1.0"
