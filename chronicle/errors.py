"""The exceptions the services raise for the fronts to show: each carries a message that says
what is wrong and what to do, and refusals carry the rules report behind them."""

from __future__ import annotations

from chronicle.rules.report import Report


class ChronicleError(Exception):
    """Anything a user can cause and fix; the message is shown as it is."""


class NotFound(ChronicleError):
    """A player, character, game or card that does not exist (the message suggests names).
    ``report`` holds the rules' violations when a game's rules found the unknown name (each
    with its fix, which the front says in its own terms); ``names`` fill their placeholders."""

    def __init__(self, message: str, report: Report | None = None, *,
                 names: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.report = report or Report()
        self.names = dict(names or {})

    @classmethod
    def of(cls, refusal: Refused, codes: set[str] | frozenset[str]) -> NotFound | None:
        """``refusal`` as an unknown name when each of its violations is one (its code is in
        ``codes``, a game's unknown-name codes), else None: a name nobody has is bad input
        (exit 2), not a rule broken."""
        found = refusal.report.violations
        if not found or any(v.code not in codes for v in found):
            return None
        return cls("; ".join(v.message for v in found), Report(list(found)),
                   names=refusal.names)


class AlreadyExists(ChronicleError):
    """A name already taken."""


class Refused(ChronicleError):
    """A change the rules forbid; nothing was written. ``report`` lists the violations;
    ``names`` fill their fixes' placeholders (``game``: the record refused), as
    ``Violation.fix_for`` takes them."""

    def __init__(self, message: str, report: Report | None = None, *,
                 names: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.report = report or Report()
        self.names = dict(names or {})


class Conflict(ChronicleError):
    """Someone else changed the same thing first; nothing was written."""


class Collision(Conflict):
    """Someone else wrote the same record between this transaction's reads and its writes.
    Nothing was written; running the whole use case again on the fresh state may succeed
    (``Database.run`` does, a bounded number of times)."""


class BadInput(ChronicleError):
    """A file or value that cannot be used; the message names the file, line or field."""
