"""What a record kind's fold (``chronicle.systems.protocol.Fold``) may say when its state was
read back from a snapshot (``dump`` / ``load``) that keeps only the recent part of what a full
replay holds: :class:`NeedsHistory`, raised by ``step`` when an event reaches below that part (an
undo past the events kept). The store then folds the whole history and steps again
(``chronicle.services.recordstate``)."""

from __future__ import annotations


class NeedsHistory(Exception):
    """The fold's state lacks what this event needs: fold the whole history and step again."""
