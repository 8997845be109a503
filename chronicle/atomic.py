"""Writing a file whole or not at all, readable by its owner only: the one way every layer
writes a finished file (exports and sheets, backups, the catalog's cache, the app's settings).

The data goes first to a temporary file created exclusively (``O_EXCL``, never through a
symbolic link someone planted), ``0600`` whatever the umask, with an unpredictable name in the
destination folder; it is flushed to disk (``durable``), read back by the caller's ``check`` if
any, then given the destination's name in one step: over an existing file only with
``replace``, else through a hard link that fails when the name exists (no other writer's file
is ever replaced). The temporary file is removed whatever happens; a name already taken by
something this program did not make is neither followed nor removed.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path

FILE_MODE = 0o600
"""Permissions of every file written."""
_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
          | getattr(os, "O_BINARY", 0))


class TemporaryRefused(OSError):
    """The temporary file could not be created (``temporary``: its name; ``cause``: why):
    nothing was written, and nothing there was touched."""

    def __init__(self, temporary: Path, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror)
        self.temporary = temporary
        self.cause = cause


def temporary_for(path: Path) -> Path:
    """A fresh, unpredictable name next to ``path`` for writing it."""
    return path.with_name(f".{path.name[:40]}.{os.getpid()}.{secrets.token_hex(8)}.tmp")


def place(temporary: Path, path: Path, replace: bool) -> None:
    """Give ``temporary`` the name ``path``: over an existing file only with ``replace``.

    Raises:
        FileExistsError: ``path`` exists and ``replace`` is false.
    """
    if replace:
        os.replace(temporary, path)
        return
    try:
        os.link(temporary, path)  # fails if the name exists: nothing is ever replaced
    except FileExistsError:
        raise
    except OSError:  # no hard links here: the check and the rename back to back
        if path.exists():
            raise FileExistsError(path) from None
        os.replace(temporary, path)


def write_private(path: Path, data: bytes, *, replace: bool = True, durable: bool = True,
                  check: Callable[[Path], None] | None = None) -> None:
    """Write ``data`` to ``path`` whole or not at all, readable by its owner only.

    Args:
        replace: an existing ``path`` is replaced (in one step); else it is left alone and
            ``FileExistsError`` raised.
        durable: flush the data to disk before the file takes its name.
        check: called with the temporary file once written (a backup read back); whatever it
            raises leaves nothing behind.

    Raises:
        TemporaryRefused: the temporary file could not be created.
        FileExistsError: ``path`` exists and ``replace`` is false.
        OSError: the data could not be written or the file not named.
    """
    temporary = temporary_for(path)
    try:  # outside the try below: a name taken (a planted link) is not ours to remove
        descriptor = os.open(temporary, _FLAGS, FILE_MODE)
    except OSError as exc:
        raise TemporaryRefused(temporary, exc) from exc
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        if check is not None:
            check(temporary)
        place(temporary, path, replace)
    finally:
        temporary.unlink(missing_ok=True)
