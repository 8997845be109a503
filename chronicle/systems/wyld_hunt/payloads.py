"""What a stored Wyld Hunt chronicle event's payload may hold, per event kind, and why a
payload is refused in the words of ``chronicle.domain.limits``.

The same models check an event before it is written (``persistence.guard``, through the
ledger codec's ``payload_problems``) and an export or backup before it is imported, so
whatever is stored can always be exported and imported again.
"""

# ruff: noqa: RUF012 -- pydantic copies mutable defaults per instance (Model is a BaseModel)

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field

from chronicle.domain.limits import TEXT_MAX, valid_text
from chronicle.persistence.payloads import Date, Model, Name, Names, Seq, Text, Xp


class GamePayload(Model):
    """A game played."""

    quests: Names
    completed: Names = []
    date: Date | None = None
    opponent: Name | None = None
    note: Text | None = None
    epic_order: Literal["quest_number", "waylay_rating"] | None = None


class BuyPayload(Model):
    """A Merit bought."""

    merit: Name
    date: Date | None = None
    note: Text | None = None


class BuyOffPayload(Model):
    """A Flaw bought off."""

    flaw: Name
    date: Date | None = None
    note: Text | None = None


class CorrectionPayload(Model):
    """A correction of the record."""

    note: Annotated[str, Field(min_length=1, max_length=TEXT_MAX), AfterValidator(valid_text)]
    add_merits: Names = []
    remove_merits: Names = []
    add_flaws: Names = []
    remove_flaws: Names = []
    xp: Xp = 0
    date: Date | None = None


class UndoPayload(Model):
    """An undo of an earlier event."""

    event: Seq
    date: Date | None = None
    note: Text | None = None


PAYLOADS: dict[str, type[Model]] = {"game": GamePayload, "buy": BuyPayload,
                                    "buy_off": BuyOffPayload, "correction": CorrectionPayload,
                                    "undo": UndoPayload}


def payload_problems(kind: str, payload: Any) -> list[tuple[str, str]]:
    """Why a stored payload of ``kind`` is refused: (dotted field, message) pairs; none when
    it is good."""
    from pydantic import ValidationError

    from chronicle.domain.limits import cut

    model = PAYLOADS.get(kind)
    if model is None:
        return [("kind", f"unknown event kind {cut(kind)}")]
    friendly = _limit_problems(payload) if isinstance(payload, dict) else []
    if friendly:
        return friendly
    try:
        model.model_validate(payload)
    except ValidationError as exc:
        return [(".".join(str(p) for p in error["loc"]) or "payload",
                 str(error["msg"]).removeprefix("Value error, ")) for error in exc.errors()]
    return []


_WORDS = {"quests": "the quests", "completed": "the quests completed",
          "add_merits": "the Merits added", "remove_merits": "the Merits removed",
          "add_flaws": "the Flaws added", "remove_flaws": "the Flaws removed",
          "merit": "the Merit", "flaw": "the Flaw", "opponent": "the opponent",
          "note": "the note", "date": "the date", "xp": "experience", "event": "the event"}


def _limit_problems(payload: dict[str, Any]) -> list[tuple[str, str]]:
    """The limits a payload breaks, in the words of ``chronicle.domain.limits``."""
    from chronicle.domain import limits

    found: list[tuple[str, str]] = []
    for key, value in payload.items():
        what = _WORDS.get(key, key)
        problem: str | None = None
        if key in ("quests", "completed", "add_merits", "remove_merits", "add_flaws",
                   "remove_flaws") and isinstance(value, list):
            problem = limits.names_problem(value, what)
        elif key in ("merit", "flaw", "opponent") and isinstance(value, str):
            problem = limits.name_problem(value, what)
        elif key == "note" and isinstance(value, str):
            problem = limits.text_problem(value, what)
        elif key == "date" and isinstance(value, str):
            problem = limits.date_problem(value, what)
        elif key == "xp":
            problem = limits.xp_problem(value, what)
        elif key == "event":
            problem = limits.int_problem(value, what, low=1)
        if problem:
            found.append((key, problem))
    return found
