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

The cache is derived data, never trusted: a cache file that cannot be read, is damaged, or holds
anything but card entries and problems is ignored (and rewritten on the next miss). Only
chronicle's own classes and a few plain standard ones may appear in it. It is written to a
temporary file, owner-only, created exclusively and never through a planted link, then renamed
over the old one, so a reader sees either the old cache or the new one.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import pickle
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

E = TypeVar("E")
P = TypeVar("P")

FORMAT = 1
"""The layout of a cache file; a different one is ignored."""
KEEP = 256
"""At most this many card files' outcomes are kept per game (the most recently stored)."""
_GAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_SAFE_STANDARD = {("builtins", "set"), ("builtins", "frozenset"), ("builtins", "complex"),
                  ("datetime", "date"), ("datetime", "datetime"), ("datetime", "time"),
                  ("datetime", "timedelta"), ("datetime", "timezone"), ("decimal", "Decimal"),
                  ("fractions", "Fraction"), ("copyreg", "_reconstructor"),
                  ("builtins", "object")}
_LOADED: dict[Path, dict[tuple[str, ...], bytes]] = {}
"""Each cache file as read (or last written) by this process."""
_STAMPS: dict[str, str] = {}
"""The code stamp of each game's schema, computed once per process."""


class _Unpickler(pickle.Unpickler):
    """Refuses every global but chronicle's own classes and a few plain standard ones: a
    damaged or planted cache cannot call anything."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _SAFE_STANDARD:
            return super().find_class(module, name)
        if module == "chronicle" or module.startswith("chronicle."):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the card cache")


def _load(data: bytes) -> Any:
    return _Unpickler(io.BytesIO(data)).load()


def _cache_file(game: str) -> Path:
    from chronicle import paths

    return paths.cache_dir() / f"{game}-card-files.pickle"


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


def _read_cache(target: Path) -> dict[tuple[str, ...], bytes]:
    if target in _LOADED:
        return _LOADED[target]
    found: dict[tuple[str, ...], bytes] = {}
    try:
        with target.open("rb") as handle:
            kept = _load(handle.read())
        if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == FORMAT \
                and isinstance(kept[1], dict):
            found = {key: value for key, value in kept[1].items()
                     if isinstance(key, tuple) and all(isinstance(k, str) for k in key)
                     and isinstance(value, bytes)}
    except Exception:  # a missing or damaged cache is simply not used
        found = {}
    _LOADED[target] = found
    return found


def _write_cache(target: Path, kept: dict[tuple[str, ...], bytes]) -> None:
    import secrets

    temporary = target.with_name(f"{target.name}.{os.getpid()}.{secrets.token_hex(8)}.tmp")
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                             | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        return
    try:
        with os.fdopen(descriptor, "wb") as handle:
            pickle.dump((FORMAT, kept), handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, target)
    except OSError:
        temporary.unlink(missing_ok=True)


def _valid(outcome: Any, kinds: tuple[type[Any], type[Any]]) -> bool:
    return (isinstance(outcome, tuple) and len(outcome) == 2
            and isinstance(outcome[0], list) and isinstance(outcome[1], list)
            and all(isinstance(entry, kinds[0]) and isinstance(getattr(entry, "data", None), dict)
                    for entry in outcome[0])
            and all(isinstance(problem, kinds[1]) for problem in outcome[1]))


def card_file(path: Path, raw: bytes, schema: Any, layer: str,
              read: Callable[[], tuple[list[E], list[P]]],
              kinds: tuple[type[E], type[P]]) -> tuple[list[E], list[P]]:
    """The outcome of reading the card file ``path`` whose bytes are ``raw`` with the card
    ``schema`` (a ``loader.CardSchema``) for ``layer``: remembered, or ``read()`` now and
    remembered. A remembered outcome must be a list of ``kinds[0]`` (card entries, with their
    ``data``) and a list of ``kinds[1]`` (problems). Fresh objects every time (callers may change
    them)."""
    game = getattr(schema, "game", None)
    if not isinstance(game, str) or not _GAME.fullmatch(game):
        return read()
    key = (str(path), layer, hashlib.blake2b(raw, digest_size=20).hexdigest(),
           _code_stamp(schema))
    target = _cache_file(game)
    kept = _read_cache(target)
    stored = kept.get(key)
    if stored is not None:
        try:
            outcome = _load(stored)
        except Exception:
            outcome = None
        if _valid(outcome, kinds):
            entries: list[E] = outcome[0]
            problems: list[P] = outcome[1]
            return entries, problems
    outcome = read()
    try:
        data = pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # something in it cannot be kept: read it again next time
        return outcome
    kept.pop(key, None)
    kept[key] = data
    for old in list(kept)[:max(0, len(kept) - KEEP)]:
        del kept[old]
    _write_cache(target, kept)
    return outcome


def forget() -> None:
    """Drop what this process read or stamped (a test changing files under the same names
    within one process does not need it: the key holds the bytes' digest)."""
    _LOADED.clear()
    _STAMPS.clear()
