"""The pygame front end: it draws engine state and turns input into engine actions.

No rule is decided here: legality, furiten and values come from `game.engine`.
"""
