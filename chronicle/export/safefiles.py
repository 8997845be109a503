"""File names made from what users typed, and writing a finished file whole or not at all.

Every file Arcadia Chronicle writes (databases, backups, exports, sheets, card files, the
cache) is readable by its owner only (``0600``), and every folder it creates is ``0700``: one
rule, whatever the umask. A file is first written to a temporary file created exclusively
(``O_EXCL``: never through a planted symbolic link) with an unpredictable name in the
destination folder, then renamed over the destination. An export never replaces a database
file (SQLite, or its ``-wal``/``-shm``) or a backup.

A name becomes a file name by folding Latin letters to ASCII (``Zoë`` becomes ``zoe``), keeping
the letters and digits of every other script as typed (``Жар-птица`` stays ``жар-птица``,
``名前`` stays ``名前``), and keeping only those, ``-`` and ``_``; the result never holds a dot
or a path separator, so it can never leave the folder it is written into, and it is never
empty, never a reserved device name (``CON``, ``NUL``, ...) and never longer than ``MAX_STEM``
characters (nor ``MAX_STEM_BYTES`` bytes of UTF-8, so any file system takes it).
"""

from __future__ import annotations

import errno
import hashlib
import re
import unicodedata
from pathlib import Path

from chronicle.errors import AlreadyExists, BadInput

MAX_STEM = 60
MAX_STEM_BYTES = 150
"""A stem of CJK or emoji-free scripts stays far below the 255 bytes file systems allow."""
RESERVED = frozenset({"con", "prn", "aux", "nul", "clock$",
                      *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))})
"""Names Windows keeps for devices, with any extension."""
FILE_MODE = 0o600
"""Permissions of every file written (``chronicle.atomic`` writes them)."""
FOLDER_MODE = 0o700
"""Permissions of every folder created."""
_SQLITE_MAGIC = b"SQLite format 3\x00"
_BACKUP_MARKS = (b'"arcadia-chronicle-export"', b'"arcadia-chronicle-tables"')


def _fold(char: str) -> str:
    """One character of a file name: Latin folded to ASCII, letters, digits and marks of
    other scripts kept (lower case), anything else a separator."""
    if char.isascii():
        return char if char.isalnum() or char in "-_" else "-"
    ascii_form = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    if ascii_form and ascii_form.isalnum() and unicodedata.name(char, "").startswith("LATIN"):
        return ascii_form
    if char.isalnum() or unicodedata.category(char) in ("Mn", "Mc"):
        return char.lower()
    return "-"


def safe_name(name: str, fallback: str = "export") -> str:
    """A file name stem made of ``name``: Latin folded to ASCII, other scripts kept, and
    ``-`` and ``_`` only besides letters and digits.

    >>> safe_name("Zoë d'Arc"), safe_name("../../etc/passwd"), safe_name("CON")
    ('zoe-d-arc', 'etc-passwd', 'con-file')
    >>> safe_name("Жар-птица"), safe_name("名前")
    ('жар-птица', '名前')

    A name with nothing left (``!!!``, emoji alone) becomes ``fallback`` and a short digest of
    the name, so two such names still get two files.
    """
    text = unicodedata.normalize("NFC", name)
    stem = "".join(_fold(char) for char in text).lower()
    stem = re.sub(r"-{2,}", "-", stem).strip("-_")
    while stem and unicodedata.category(stem[0]) in ("Mn", "Mc"):  # a mark on nothing
        stem = stem[1:].lstrip("-_")
    stem = re.sub(r"-{2,}", "-", stem)[:MAX_STEM].strip("-_")
    while len(stem.encode("utf-8")) > MAX_STEM_BYTES:
        stem = stem[:-1].rstrip("-_")
    if not stem or not any(c.isalnum() for c in stem):
        digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        stem = f"{fallback}-{digest}"
    if stem.lower() in RESERVED:
        stem += "-file"
    return stem


def refuse_precious(path: Path) -> None:
    """Refuse to replace a database file (SQLite, its ``-wal`` or ``-shm``) or a backup.

    Raises:
        BadInput: ``path`` is one of them.
    """
    name = path.name
    for suffix in ("-wal", "-shm", "-journal"):
        if name.endswith(suffix) and _is_database(path.with_name(name[: -len(suffix)])):
            raise BadInput(f"{path} belongs to the database "
                           f"{path.with_name(name[: -len(suffix)])}; an export never replaces "
                           "it: choose another file")
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError:
        return
    if head.startswith(_SQLITE_MAGIC):
        raise BadInput(f"{path} is a database; an export never replaces a database: choose "
                       "another file")
    if any(mark in head for mark in _BACKUP_MARKS):
        raise BadInput(f"{path} is a backup of the database; an export never replaces a "
                       "backup: choose another file")


def _is_database(path: Path) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(len(_SQLITE_MAGIC)) == _SQLITE_MAGIC
    except OSError:
        return False


def write_bytes_atomically(path: Path, data: bytes, *, overwrite: bool = False,
                           protect: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, so a crash
    never leaves half a file (not even the temporary one, on a full disk); an existing file is
    replaced only with ``overwrite``, and even then in one step; never a database or a backup
    (unless ``protect`` is false: a backup replacing an older one).

    Raises:
        AlreadyExists: ``path`` exists and ``overwrite`` is false.
        BadInput: the folder does not exist or cannot be written, or ``path`` is a database
            or a backup.
    """
    if not path.parent.is_dir():
        raise BadInput(f"cannot write {path}: the folder {path.parent} does not exist")
    if path.is_dir():
        raise BadInput(f"cannot write {path}: it is a folder")
    if protect:
        refuse_precious(path)
    from chronicle.atomic import TemporaryRefused, write_private

    try:
        write_private(path, data, replace=overwrite)
    except TemporaryRefused as exc:
        raise BadInput(temporary_refused(path, exc.temporary, exc.cause)) from None
    except FileExistsError:
        raise AlreadyExists(f"{path} exists; add --force to overwrite it") from None
    except OSError as exc:
        raise BadInput(f"cannot write {path}: {exc.strerror or exc}") from None


def temporary_refused(path: Path, temporary: Path, exc: OSError) -> str:
    """Why ``path`` was not written when its temporary file could not be created: a name
    already taken there (a planted link is never followed) is said as such."""
    if isinstance(exc, FileExistsError) or exc.errno == errno.ELOOP:
        return (f"cannot write {path}: the temporary name {temporary.name} is already taken "
                "in that folder (by a link or file this program did not make; it was neither "
                "followed nor removed); nothing was written: remove it, or choose another "
                "folder")
    return f"cannot write {path}: {exc.strerror or exc}"
