"""Cache files: plain values kept as JSON in the user's own cache folder, read without trusting
them and written atomically.

Every cache of the program (the card files' outcomes, the Wyld Hunt catalog, the installed
game systems) reads and writes through here, so a cache can never run code and never blocks:

- a cache holds plain values only (JSON: objects, arrays, strings, numbers, true, false, null);
  its reader rebuilds what it needs from them and checks their shape, so a damaged or planted
  cache is at worst a miss (read again, and rewritten);
- it lives in the user's cache folder (``paths.cache_dir()``), never in the data folder a group
  may share, and it is not read from a folder someone else owns or others may write to;
- the cache path is opened without following a link and without waiting (``O_NOFOLLOW``,
  ``O_NONBLOCK``), and only a regular file of at most :data:`MAX_BYTES` is read
  (``chronicle.reading.read_bytes``): a FIFO, a device, a folder, or a link to any of them (or to
  anything else) is a miss, neither waited on nor read;
- it is written to a temporary file created exclusively, owner-only and never through a
  planted link, then renamed over the old one, so a reader sees the old cache or the new one.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

MAX_BYTES = 32 * 1024 * 1024
"""A cache file bigger than this is not read (a miss), and not written."""


def location(name: str) -> Path:
    """The cache file ``name`` in the user's cache folder."""
    from chronicle import paths

    return paths.cache_dir() / name


def _private(folder: Path) -> bool:
    """Whether ``folder`` is the user's own and no one else may write in it (an owner other
    than us, or a folder writable by its group or by everyone, may hold a planted cache)."""
    try:
        found = os.stat(folder)
    except OSError:
        return False
    if not stat.S_ISDIR(found.st_mode):
        return False
    if os.name != "posix":  # no owner nor group bits to go by (Windows: the profile's ACLs)
        return True
    return found.st_uid == os.geteuid() \
        and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def read(name: str, *, limit: int = MAX_BYTES) -> Any:
    """The plain value kept in the cache file ``name``, or None when there is none to trust:
    missing, not a regular file (a link, a FIFO, a device, a folder), bigger than ``limit``,
    in a folder others may write to, not UTF-8 JSON, or nested too deep."""
    from chronicle.reading import Unreadable, parse_json, read_bytes

    target = location(name)
    if not _private(target.parent):
        return None
    try:
        raw = read_bytes(target, limit=limit, what="cache file", follow=False)
        return parse_json(raw.decode("utf-8"), target)
    except (Unreadable, ValueError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        return None


def encode(value: Any) -> str:
    """``value`` (plain values only) as compact JSON text.

    Raises:
        TypeError: something in it is not a plain value.
        ValueError: a float that is not finite, or a cycle.
    """
    import json

    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False,
                      check_circular=True)


def write(name: str, value: Any, *, limit: int = MAX_BYTES) -> bool:
    """Keep the plain ``value`` in the cache file ``name``; False (and nothing written) when it
    is not plain, would not read back equal (a number too long, values nested too deep, a
    tuple), is bigger than ``limit``, or cannot be written (a name taken by a planted
    link is neither followed nor removed)."""
    from chronicle.reading import Unreadable, parse_json

    try:
        text = encode(value)
        if parse_json(text, name) != value:  # what is written can be read back, as it was
            return False
    except (TypeError, ValueError, Unreadable):
        return False
    data = text.encode("utf-8")
    if len(data) > limit:
        return False
    from chronicle.atomic import write_private

    target = location(name)
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(target.parent):
            return False
        write_private(target, data, durable=False)  # a cache lost in a crash is a miss
    except OSError:
        return False
    return True
