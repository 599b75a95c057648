"""The seat keys of the tables joined from this computer, kept in the user data folder, so
that Join again (after a crash, or with the window closed and opened again) takes the same
seat back with its whole view, as the dropped connection's own reconnection does.

A key is the host's secret token for one seat: it is written nowhere a player would share
(no record, log or screenshot), only here. The file is read as outside input: anything but
an object of table → token within its limits is moved aside and forgotten, never used.
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

from game.files import move_aside, parse_json, read_bytes_limited, write_text_atomically
from game.net.client import parse_address
from game.net.server import normal_code

KEYS_FILE = "seat-keys.json"
MOST_KEYS = 16
"""The newest tables kept; an older one's seat is no longer taken back by Join."""
MAX_BYTES = 16 * 1024
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
MAX_TABLE = 300


def table_of(address: str, code: str) -> str:
    """One table: its address and join code, as typed in any form (`host:port`, the code in
    any case)."""
    host, port = parse_address(address)
    return f"{host.lower()}:{port}/{normal_code(code)}"


def read_keys(folder: Path) -> dict[str, str]:
    """The kept keys, oldest first; a file that is not a keys file is moved aside."""
    path = folder / KEYS_FILE
    if not path.is_file():
        return {}
    try:
        data = parse_json(read_bytes_limited(path, MAX_BYTES).decode("utf-8"))
        if not isinstance(data, dict) or len(data) > MOST_KEYS:
            raise ValueError("not a keys file")
        for table, token in data.items():
            if len(table) > MAX_TABLE or not isinstance(token, str) or not TOKEN.fullmatch(token):
                raise ValueError("not a seat key")
    except (OSError, ValueError):
        with contextlib.suppress(OSError):  # else kept where it is, and not read: Join takes a free seat
            move_aside(path)
        return {}
    return dict(data)


def remember_key(folder: Path, table: str, token: str) -> None:
    """Keep `token` as the seat key of `table` (the newest of at most MOST_KEYS)."""
    if not TOKEN.fullmatch(token):
        return
    keys = read_keys(folder)
    keys.pop(table, None)
    keys[table] = token
    newest = dict(list(keys.items())[-MOST_KEYS:])
    folder.mkdir(parents=True, exist_ok=True)
    write_text_atomically(folder / KEYS_FILE, json.dumps(newest, indent=1))


def forget_key(folder: Path, table: str) -> None:
    """Drop the seat key of `table`: its host closed it for good, and the key takes nothing back."""
    keys = read_keys(folder)
    if keys.pop(table, None) is not None:
        write_text_atomically(folder / KEYS_FILE, json.dumps(keys, indent=1))
