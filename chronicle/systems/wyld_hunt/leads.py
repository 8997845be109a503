"""Leads: card names seen in a source that states no card kind for them.

A lead is not a card: it cannot be used in a character or a game, and it is never counted as a
catalog card. It is listed so that a collector who owns the physical card can add it with its
kind and values; once the catalog has a card of that name, the lead is completed. Lead files live
in the ``leads/`` folder beside the card files::

    version = 1
    game = "wyld-hunt"

    [[lead]]
    name = "Lost!"
    kinds = ["waylay"]          # the kinds it may be, as far as the sources suggest
    source = ["http://..."]
    confidence = "high (name)"
    notes = "..."
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from chronicle.catalog.loader import read_toml
from chronicle.catalog.problems import FileProblem
from chronicle.systems.wyld_hunt.cards import Kind
from chronicle.systems.wyld_hunt.fields import Name, Text

LEADS_FOLDER = "leads"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class LeadModel(_Strict):
    """One ``[[lead]]``."""

    name: Name
    kinds: Annotated[list[Kind], Field(max_length=6)] = []
    source: Text | list[Text]
    confidence: Text | None = None
    notes: Text | None = None


class LeadFile(_Strict):
    """A lead file."""

    version: Literal[1]
    game: Literal["wyld-hunt"] = "wyld-hunt"
    lead: Annotated[list[LeadModel], Field(max_length=10_000)] = []


@dataclass(frozen=True, slots=True)
class Lead:
    """A card name whose kind no source states."""

    name: str
    kinds: tuple[Kind, ...]
    source: tuple[str, ...]
    confidence: str | None
    notes: str | None
    path: str

    def to_dict(self) -> dict[str, object]:
        """The JSON shape used by ``--json`` output."""
        return {"name": self.name, "kinds": [k.value for k in self.kinds],
                "source": list(self.source), "confidence": self.confidence,
                "notes": self.notes, "path": self.path}


def load_leads(cards_dir: Path) -> tuple[list[Lead], list[FileProblem]]:
    """The leads of the ``leads/`` folder beside the card files of ``cards_dir``."""
    folder = cards_dir / LEADS_FOLDER
    leads: list[Lead] = []
    problems: list[FileProblem] = []
    if not folder.is_dir():
        return leads, problems
    for path in sorted(p for p in folder.glob("*.toml") if p.is_file()):
        parsed = read_toml(path, problems)
        if parsed is None:
            continue
        try:
            model = LeadFile.model_validate(parsed[0])
        except ValidationError as exc:
            for error in exc.errors():
                where = ".".join(str(part) for part in error["loc"]) or None
                problems.append(FileProblem(str(path), error["msg"], field=where))
            continue
        for item in model.lead:
            source = (item.source,) if isinstance(item.source, str) else tuple(item.source)
            leads.append(Lead(item.name, tuple(item.kinds), source, item.confidence,
                              item.notes, str(path)))
    return leads, problems
