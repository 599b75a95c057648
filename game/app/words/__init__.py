"""What the game says, no pygame: i18n.py (the language in use), terms.py (mahjong words),
rule_texts.py, number_format.py, system_words.py and net_words.py."""
