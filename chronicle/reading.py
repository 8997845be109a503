"""Reading a file a user named, safely: only regular files, never more than a size cap.

Every way in (``check``, ``character import``, ``collection import``, ``db import``,
``restore``, the card folders) reads through :func:`read_bytes` or :func:`read_text`:

- only regular files are read: a folder, a FIFO (which would block forever), a device such as
  ``/dev/zero`` or ``/dev/urandom`` (which never end) or a socket is refused, naming the path;
- the size cap is enforced while reading, so a file growing under us or a lying ``stat`` can
  never make us read more than the cap;
- a path holding a NUL character is refused with a message instead of a ``ValueError``;
- text is UTF-8, with or without a byte-order mark.

:func:`parse_toml` and :func:`parse_json` parse such text with their nesting guarded (a
``RecursionError`` never escapes; deeper than ``NESTING_MAX`` is refused) and, for JSON,
numbers of more than ``INT_DIGITS_MAX`` digits refused before Python converts them.

Errors are :class:`chronicle.errors.BadInput` whose message starts with the path.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from chronicle.domain.limits import FILE_MAX_BYTES, INT_DIGITS_MAX, NESTING_MAX, cut, depth_of
from chronicle.errors import BadInput

_CHUNK = 1 << 16
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


class Unreadable(BadInput):
    """A file that cannot be read at all (missing, special, too big, not UTF-8, nested too
    deep): ``cannot read <path>: <reason>``."""

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(f"cannot read {shown_path(path)}: {reason}")
        self.reason = reason


def shown_path(path: Path | str) -> str:
    """A path as it appears in messages: control characters escaped, cut when very long."""
    text = str(path)
    escaped = text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text
    return escaped if len(escaped) <= 300 else escaped[:297] + "..."


def special_kind(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file, or None."""
    if stat.S_ISREG(mode):
        return None
    for test, kind in _KINDS:
        if test(mode):
            return kind
    return "not a regular file"


def read_bytes(path: Path | str, *, limit: int = FILE_MAX_BYTES, what: str = "file",
               head: bool = False, follow: bool = True) -> bytes:
    """The content of the regular file ``path``, at most ``limit`` bytes (with ``head``, its
    first ``limit`` bytes however long it is). Without ``follow``, a symbolic link at ``path``
    is refused, whatever it points to (a cache file the program wrote is never a link).

    Raises:
        Unreadable: naming the path and what to do (missing, not a regular file, too big,
            a NUL in the name, no permission).
    """
    shown = shown_path(path)
    if "\x00" in str(path):
        raise Unreadable(path, f"a file name cannot hold a NUL character; check the "
                               f"{what}'s name")
    try:
        descriptor = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY
                             | (0 if follow else _NOFOLLOW))
    except FileNotFoundError:
        raise Unreadable(path, f"no such {what}; check the name and folder") from None
    except IsADirectoryError:
        raise Unreadable(path, f"it is a folder, not a {what}") from None
    except PermissionError:
        raise Unreadable(path, f"permission denied; make it readable (chmod u+r "
                               f"{shown})") from None
    except (OSError, ValueError) as exc:
        raise Unreadable(path, f"{getattr(exc, 'strerror', None) or exc}") from None
    try:
        mode = os.fstat(descriptor).st_mode
        kind = special_kind(mode)
        if kind is not None:
            raise Unreadable(path, f"it is {kind}, not a {what}; only regular files are read")
        if _NONBLOCK:
            os.set_blocking(descriptor, True)
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(descriptor, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                if head:
                    return b"".join(chunks)[:limit]
                raise Unreadable(path, f"it is over {limit:,} bytes; a {what} that big is "
                                       "refused (is it the right file?)")
        return b"".join(chunks)
    except OSError as exc:
        raise Unreadable(path, f"{exc.strerror or exc}") from None
    finally:
        os.close(descriptor)


def decode(raw: bytes, path: Path | str, *, what: str = "file") -> str:
    """``raw`` as UTF-8 text, a byte-order mark dropped.

    Raises:
        Unreadable: the bytes are not UTF-8 (the message gives the line).
    """
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise Unreadable(path, f"line {line} is not UTF-8 text; save the {what} as UTF-8") from None


def read_text(path: Path | str, *, limit: int = FILE_MAX_BYTES, what: str = "file") -> str:
    """The UTF-8 text of the regular file ``path`` (see :func:`read_bytes`)."""
    return decode(read_bytes(path, limit=limit, what=what), path, what=what)


def _too_deep(path: Path | str) -> Unreadable:
    return Unreadable(path, f"values nested more than {NESTING_MAX} deep; no Arcadia "
                            "Chronicle file nests that deep (is it the right file?)")


def parse_toml(text: str, path: Path | str) -> dict[str, Any]:
    """Parse TOML text, its nesting guarded.

    Raises:
        tomllib.TOMLDecodeError: the text is not TOML (the caller locates it).
        Unreadable: nested too deeply.
    """
    import tomllib  # here: the app and the cache readers parse no TOML

    try:
        document = tomllib.loads(text)
    except RecursionError:
        raise _too_deep(path) from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise Unreadable(path, f"holds a number too long to read ({exc})") from None
    if depth_of(document) > NESTING_MAX:
        raise _too_deep(path)
    return document


def _int(text: str) -> int:
    if len(text.lstrip("-")) > INT_DIGITS_MAX:
        raise ValueError(f"a number of {len(text.lstrip('-')):,} digits ({cut(text, 30)})")
    return int(text)


def parse_json(text: str, path: Path | str) -> Any:
    """Parse JSON text, its nesting guarded and huge numbers refused.

    Raises:
        json.JSONDecodeError: the text is not JSON (the caller locates it).
        Unreadable: nested too deeply, or a number too long to be one we wrote.
    """
    try:
        data = json.loads(text, parse_int=_int)
    except RecursionError:
        raise _too_deep(path) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:
        raise Unreadable(path, f"{exc} is too long to be a value Arcadia Chronicle wrote; "
                               f"numbers have at most {INT_DIGITS_MAX} digits") from None
    if depth_of(data) > NESTING_MAX:
        raise _too_deep(path)
    return data
