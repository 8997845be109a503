"""Validated card files remembered between processes, so that a command does not build every
card model's validator again to read files that did not change.

Reading a card file costs little; validating its cards costs the start-up of pydantic's
validators for every card kind (about as much as the rest of ``chronicle check``). So each card
file's outcome (its entries and problems, exactly what ``loader.load_card_file`` returns) is kept
in the user's cache folder (``paths.cache_dir()``, one file per game), under a key made of the
file's path, its layer (bundled or user), a digest of its bytes, and a stamp of the code that
reads it (the package version, and the size and time of every module of the catalog, of the
domain values and of the game's schema package). A changed byte, a moved file or an edited
schema is a miss, and the file is read again.

The cache is derived data, never trusted, and never code: it holds plain values only (JSON,
through ``chronicle.catalog.cachefile``: a regular file of the user's own cache folder, never a
link, a FIFO or a device, written atomically), and each outcome is rebuilt from them with its
shape checked (``chronicle.catalog.plain``). A cache file that cannot be read, is damaged, or
holds anything else is ignored (and rewritten on the next miss); a damaged outcome is a miss
of its own card file.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.catalog import cachefile

if TYPE_CHECKING:
    from chronicle.catalog.entry import CardEntry
    from chronicle.catalog.problems import FileProblem

Outcome = tuple[list["CardEntry"], list["FileProblem"]]

FORMAT = 2
"""The layout of a cache file; a different one is ignored."""
KEEP = 256
"""At most this many card files' outcomes are kept per game (the most recently stored)."""
_GAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_LOADED: dict[Path, dict[tuple[str, ...], str]] = {}
"""Each cache file as read (or last written) by this process: each outcome's JSON text by its
key (decoded only when used)."""
_STAMPS: dict[str, str] = {}
"""The code stamp of each game's schema, computed once per process."""


def _cache_name(game: str) -> str:
    return f"{game}-card-files.json"


def _code_stamp(schema: Any) -> str:
    """A digest of what reading the game's card files depends on besides the files."""
    from chronicle import __version__

    memo = f"{getattr(schema, 'game', '')}:{type(schema).__module__}"
    if memo in _STAMPS:
        return _STAMPS[memo]
    modules = {type(schema).__module__, "chronicle.catalog.loader", "chronicle.domain.values",
               "chronicle.reading"}
    for value in getattr(schema, "__dict__", {}).values():  # no property is run (a lazy
        for item in (value.values() if isinstance(value, dict) else (value,)):  # schema)
            if isinstance(item, type) or callable(item):
                modules.add(str(getattr(item, "__module__", "")))
    folders: set[Path] = set()
    files: set[Path] = set()
    for name in modules:
        where = getattr(sys.modules.get(name), "__file__", None)
        if where:
            files.add(Path(where))
            folders.add(Path(where).parent)
    for folder in folders:
        with contextlib.suppress(OSError):
            files.update(entry for entry in folder.iterdir() if entry.suffix == ".py")
    digest = hashlib.blake2b(repr((FORMAT, __version__, sys.version)).encode(), digest_size=16)
    for path in sorted(files):
        try:
            stat = path.stat()
        except OSError:
            continue
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    _STAMPS[memo] = digest.hexdigest()
    return _STAMPS[memo]


def _read_cache(name: str) -> dict[tuple[str, ...], str]:
    where = cachefile.location(name)
    if where in _LOADED:
        return _LOADED[where]
    found: dict[tuple[str, ...], str] = {}
    kept = cachefile.read(name)
    if isinstance(kept, dict) and kept.get("format") == FORMAT \
            and isinstance(kept.get("kept"), list):
        for item in kept["kept"]:
            if isinstance(item, list) and len(item) == 2 and isinstance(item[0], list) \
                    and len(item[0]) == 4 and all(isinstance(k, str) for k in item[0]) \
                    and isinstance(item[1], str):
                found[tuple(item[0])] = item[1]
    _LOADED[where] = found
    return found


def _write_cache(name: str, kept: dict[tuple[str, ...], str]) -> None:
    size = sum(len(text) + sum(map(len, key)) for key, text in kept.items())
    for old in list(kept)[:-1]:  # the oldest go first when they would not fit
        if size * 2 < cachefile.MAX_BYTES:
            break
        size -= len(kept.pop(old)) + sum(map(len, old))
    cachefile.write(name, {"format": FORMAT,
                           "kept": [[list(key), text] for key, text in kept.items()]})


def _outcome(text: str) -> Outcome | None:
    """The outcome kept as ``text``, fresh objects, or None when it is not one we wrote."""
    from chronicle.catalog import plain
    from chronicle.reading import Unreadable, parse_json

    try:
        value = parse_json(text, "the card cache")
        if not isinstance(value, dict) or set(value) != {"entries", "problems"}:
            return None
        return (plain.entries_from_plain(value["entries"]),
                plain.problems_from_plain(value["problems"]))
    except (ValueError, Unreadable):  # plain.BadShape, JSONDecodeError are ValueErrors
        return None


def _text(outcome: Outcome) -> str | None:
    """``outcome`` as JSON text that reads back equal to it, or None when it cannot be kept."""
    from chronicle.catalog import plain

    try:
        text = cachefile.encode({"entries": plain.entries_to_plain(outcome[0]),
                                 "problems": plain.problems_to_plain(outcome[1])})
    except (TypeError, ValueError):
        return None
    return text if _outcome(text) == outcome else None


def card_file(path: Path, raw: bytes, schema: Any, layer: str,
              read: Callable[[], Outcome]) -> Outcome:
    """The outcome of reading the card file ``path`` whose bytes are ``raw`` with the card
    ``schema`` (a ``loader.CardSchema``) for ``layer``: remembered, or ``read()`` now and
    remembered (when it reads back equal from plain values). Fresh objects every time
    (callers may change them)."""
    game = getattr(schema, "game", None)
    if not isinstance(game, str) or not _GAME.fullmatch(game):
        return read()
    key = (str(path), layer, hashlib.blake2b(raw, digest_size=20).hexdigest(),
           _code_stamp(schema))
    name = _cache_name(game)
    kept = _read_cache(name)
    stored = kept.get(key)
    if stored is not None:
        remembered = _outcome(stored)
        if remembered is not None:
            return remembered
    outcome = read()
    text = _text(outcome)
    if text is None:  # something in it cannot be kept: read it again next time
        return outcome
    kept.pop(key, None)
    kept[key] = text
    for old in list(kept)[:max(0, len(kept) - KEEP)]:
        del kept[old]
    _write_cache(name, kept)
    return outcome


def forget() -> None:
    """Drop what this process read or stamped (a test changing files under the same names
    within one process does not need it: the key holds the bytes' digest)."""
    _LOADED.clear()
    _STAMPS.clear()
