"""The translation catalogs: every message the window can show is translated in every
language, and every translation keeps its message's placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from game.app.words import i18n
from tests.helpers import kept

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
Key = tuple[str, str | None]  # (msgid, context)


@kept
def code_messages() -> dict[Key, str]:
    """Every message the code marks, as `pybabel extract` with babel.cfg finds them, and where."""
    found: dict[Key, str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        ROOT, method_map=[("game/app/**.py", "python")], comment_tags=("Translators:",)
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        found.setdefault((msgid, context), f"{filename}:{lineno}")
    return found


@kept
def catalog(code: str):
    with i18n.catalog_path(code).open("rb") as file:
        return read_po(file, locale=code)


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_the_code_marks_messages_for_the_catalog():
    assert len(code_messages()) > 300


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_of_the_code_is_translated_and_none_is_fuzzy(code: str):
    messages = {(m.id if isinstance(m.id, str) else m.id[0], m.context): m for m in catalog(code) if m.id}
    missing = [f"{where}: {key[0]!r}" for key, where in code_messages().items() if key not in messages]
    untranslated = [key[0] for key, m in messages.items() if not any(_forms(m.string))]
    fuzzy = [key[0] for key, m in messages.items() if m.fuzzy]
    stale = [key[0] for key in messages if key not in code_messages()]
    update = "run `python tools/catalogs.py` and translate what it adds (docs/translating.md)"
    assert missing == [], f"not in the {code} catalog; {update}"
    assert untranslated == [], f"untranslated in {code}"
    assert fuzzy == [], f"fuzzy in {code}: check each and remove the fuzzy flag"
    assert stale == [], f"no longer in the code; {update}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_keeps_its_placeholders(code: str):
    """A placeholder the message lacks would stop the screen that formats it; one left out loses
    what it says, unless the programmer's note allows it ("drop {kanji} where …")."""
    wrong = []
    for message in catalog(code):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = placeholders(ids[-1]) | placeholders(ids[0])
        note = " ".join(message.auto_comments)
        may_drop = {name for name in expected if "drop" in note and "{" + name + "}" in note}
        for form in _forms(message.string):
            found = placeholders(form)
            if form and not (found <= expected and expected - found <= may_drop):
                wrong.append((ids[0], form))
    assert wrong == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalog_states_its_plural_rule(code: str):
    # Japanese and Chinese count without plural forms: one msgstr for every count.
    assert catalog(code).num_plurals == 1
    assert re.fullmatch(r"nplurals=1; plural=0;?", catalog(code).plural_forms)


def test_placeholders_are_read_as_python_format_fields():
    assert placeholders("{seat} wins {units} units") == {"seat", "units"}
    assert placeholders("no field, {{braces}}") == set()


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)
