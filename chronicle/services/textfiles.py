"""Writing text files safely: whole or not at all, owner-only, never through a planted link
(see ``chronicle.export.safefiles.write_bytes_atomically``)."""

from __future__ import annotations

from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (replacing it) through an exclusively created temporary file
    and a rename, so a crash never leaves half a file.

    Raises:
        BadInput: the folder does not exist or cannot be written, or ``path`` is a database or
            a backup.
    """
    from chronicle.export.safefiles import write_bytes_atomically

    write_bytes_atomically(path, text.encode("utf-8"), overwrite=True)
