"""Stored records edited behind the program's back: the one place where a record's row is
decoded, its shape checked, and a damaged record marked instead of raising.

A row of the generic record store (``record`` and its ``record_event`` history) is what any
member, tool or hand edit (``UPDATE record SET data = '[1]'``) left in the shared database.
:func:`decode` turns it into the plain values the games read, and says what is wrong when it
is not what the program writes: data that is not a JSON object, an event whose payload is not
one (or whose kind is not text), a value beyond ``chronicle.domain.limits`` (a number past
2^31, nesting, size), an owner pointing at no player, or data the game's own model cannot
read (``RecordKind.readable``: wrong types inside, an unknown event kind). A damaged record
is never handed to a game's view: the store leaves it out of its lists (saying it through
:func:`notice`, which the command line and the app say), refuses to read it alone or to write to it
(:class:`Damaged`, exit status 2), and ``chronicle db check`` lists every such row.

Codes are stable (scripts and tests rely on them): see ``CODES``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from chronicle.domain import limits
from chronicle.errors import BadInput

if TYPE_CHECKING:
    from chronicle.systems.protocol import RecordKind

R = TypeVar("R", bound="Stored")


class Stored(Protocol):
    """What a stored record shows of itself here (``records.StoredRecord``)."""

    @property
    def name(self) -> str: ...
    @property
    def player(self) -> str | None: ...
    @property
    def damage(self) -> tuple[Damage, ...]: ...


NOT_OBJECT = "record.not_object"
EVENT_SHAPE = "record.event_shape"
BEYOND_LIMITS = "record.beyond_limits"
UNREADABLE = "record.unreadable"
OWNER_MISSING = "record.owner_missing"
ROW_LIMITS = "row.beyond_limits"
ROW_JSON = "row.not_json"
ROW_SHAPE = "row.not_object"

CODES: dict[str, str] = {
    NOT_OBJECT: "a record's data is not a JSON object",
    EVENT_SHAPE: "an event of a record's history has no text kind or its payload is not a "
                 "JSON object",
    BEYOND_LIMITS: "a value of a record is beyond the limits (a number past 2^31, too deep, "
                   "too big, control characters)",
    UNREADABLE: "the game cannot read the record as its own (wrong types inside, an unknown "
                "event kind, a value its model refuses)",
    OWNER_MISSING: "a record's owner is a player id that no player has",
    ROW_LIMITS: "a row of another table holds a value beyond the limits or that its game's "
                "model refuses (a chronicle event's payload, a name, a count)",
    ROW_JSON: "a JSON column holds text that is not JSON (SQLite only)",
    ROW_SHAPE: "a chronicle event's payload or a group card's data is not a JSON object",
}
"""Every damage code and its meaning (``docs/reliability.md`` lists them)."""

FIX = "see 'chronicle db check'; restore the record from a backup, or delete it"


@dataclass(frozen=True, slots=True)
class Damage:
    """One thing wrong with a stored row: its stable code and a message naming the value."""

    code: str
    message: str

    def said(self) -> str:
        """The message and its code."""
        return f"{self.message} ({self.code})"


@dataclass(frozen=True, slots=True)
class Decoded:
    """A record's row as the games read it; when ``damage`` is not empty the data and the
    history are empty (the row is not handed to the game)."""

    data: dict[str, Any]
    events: tuple[tuple[str, dict[str, Any]], ...]
    damage: tuple[Damage, ...]


class Damaged(BadInput):
    """A record that was edited outside the program and cannot be read; nothing was written.
    ``damage`` says what is wrong, each with its code."""

    def __init__(self, message: str, damage: Sequence[Damage] = ()) -> None:
        super().__init__(message)
        self.damage = tuple(damage)


def _readable(spec: RecordKind | None) -> Callable[..., list[str]] | None:
    name = getattr(spec, "readable", None) if spec is not None else None
    if not name:
        return None
    from chronicle.systems.protocol import load_name

    found: Callable[..., list[str]] = load_name(name)
    return found


def decode(spec: RecordKind | None, name: str, data: object,
           events: Sequence[tuple[object, object]], *, owner_missing: bool = False,
           seen: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None) -> Decoded:
    """Check a stored record's shape: the generic one (an object, payloads that are objects,
    the limits), then the game's own model (``spec.readable``) on the values as the games see
    them (``seen(where, value)``: ``"data"`` or an event's kind; the store's ids as names).
    Never raises: whatever is wrong is its ``damage``."""
    import copy

    reader = _readable(spec)
    found: list[Damage] = []
    history: list[tuple[str, dict[str, Any]]] = []
    if owner_missing:
        found.append(Damage(OWNER_MISSING, "its owner is a player id that no player has"))
    if not isinstance(data, dict):
        found.append(Damage(NOT_OBJECT, f"its data is {kind_of(data)}, not a JSON object"))
    else:
        problem = limits.json_problem(data, "its data", max_bytes=limits.RECORD_BYTES_MAX)
        if problem:
            found.append(Damage(BEYOND_LIMITS, problem))
    for seq, (kind, payload) in enumerate(events, start=1):
        if not isinstance(kind, str) or not kind:
            found.append(Damage(EVENT_SHAPE, f"event {seq}'s kind is {kind_of(kind)}, "
                                             "not a name"))
        elif not isinstance(payload, dict):
            found.append(Damage(EVENT_SHAPE, f"event {seq} ({limits.printable(kind)[:40]})'s "
                                             f"payload is {kind_of(payload)}, not a JSON "
                                             "object"))
        else:  # the limits of a payload, unless the game's own model judges it (faster)
            problem = None if reader is not None else limits.json_problem(
                payload, f"event {seq}'s payload", max_bytes=limits.PAYLOAD_BYTES_MAX)
            if problem:
                found.append(Damage(BEYOND_LIMITS, problem))
            else:
                history.append((kind, copy.deepcopy(payload)))
        if len(found) >= 5:
            break
    if found:
        return Decoded({}, (), tuple(found))
    assert isinstance(data, dict)
    value = copy.deepcopy(data)
    if seen is not None:
        try:
            value = seen("data", value)
            history = [(kind, seen(kind, payload)) for kind, payload in history]
        except Exception as exc:  # a place edited into a shape no name can stand in
            return Decoded({}, (), (Damage(UNREADABLE, f"{type(exc).__name__}: "
                                                       f"{limits.printable(str(exc))[:200]}"),))
    if reader is not None:
        try:  # the copies are this decoding's own: a reader cannot change what was stored
            problems = reader(name, value, [{"kind": k, "payload": p} for k, p in history])
        except Exception as exc:  # a model that cannot even say why: still damage, not a crash
            problems = [f"{type(exc).__name__}: {str(exc)[:200]}"]
        if problems:
            return Decoded({}, (), tuple(Damage(UNREADABLE, limits.printable(p)[:300])
                                         for p in problems[:3]))
    return Decoded(value, tuple(history), ())


def kind_of(value: object) -> str:
    """How a JSON value is called in a message."""
    from chronicle.persistence.types import NotJSON

    if isinstance(value, NotJSON):
        return "text that is not JSON"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def described(label: str, name: str, player: str | None, damage: Sequence[Damage]) -> str:
    """A damaged record in one sentence: what it is, whose, and each damage with its code."""
    whose = f" ({player})" if player else ""
    return (f"the {label} {limits.printable(name)}{whose} is damaged (edited outside the "
            f"program): " + "; ".join(d.said() for d in damage[:3]) + f"; {FIX}")


_NOTICES: dict[str, bool] = {}
"""What the front has to say since it last asked (:func:`said`): each text, and whether it is
a damaged record left out (True) or only a warning (False)."""


def notice(text: str, *, left_out: bool = True) -> None:
    """Say that a damaged record was left out of a list (``left_out``), or warn of a record
    kept as it is (a restore's record whose cards are found nowhere); the front prints it."""
    if len(_NOTICES) < 100:
        _NOTICES[text] = _NOTICES.get(text, False) or left_out


def said() -> list[tuple[str, bool]]:
    """The notices since the last call (text, left out), and forget them."""
    found = list(_NOTICES.items())
    _NOTICES.clear()
    return found


def spec_of(game: str, kind: str) -> RecordKind | None:
    """The record kind of a stored row (None: its game or kind is not installed)."""
    from chronicle.systems import registry

    try:
        system = registry.system(game)
    except (registry.UnknownSystem, registry.BadSystem):
        return None
    return next((k for k in getattr(system, "records", ()) if k.name == kind), None)


def sound(record: R, label: str, *, write: bool = False) -> R:
    """``record`` when it is not damaged.

    Raises:
        Damaged: naming the record and each damage with its code (exit status 2).
    """
    if record.damage:
        raise Damaged(described(label, record.name, record.player, record.damage)
                      + ("; nothing was written" if write else ""), record.damage)
    return record


def listed(records: list[R], label: str) -> list[R]:
    """The sound records of a list; each damaged one is left out and said (:func:`notice`),
    so the others still show."""
    for record in records:
        if record.damage:
            notice(described(label, record.name, record.player, record.damage))
    return [record for record in records if not record.damage]
