"""The stress set of the printed sheets (issue 33), built in memory: a 34-merit character
whose cards differ in every column (so a dropped column shows), 200-character names, names in
Hebrew, Arabic, emoji, Chinese, Japanese and Korean, a long dated chronicle, and Hunters of
Arcfall games of 6 players x 40 turns and of a few turns. Shared by the tests that read the
PDFs back; no test here."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from chronicle.catalog.store import Catalog
from chronicle.export.model import Document
from chronicle.export.pdf import render_pdf
from chronicle.systems.wyld_hunt.cards import (
    Attribute,
    Card,
    Court,
    Flaw,
    FlawType,
    Icon,
    Kind,
    Merit,
    MeritType,
    Quest,
)
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild, GamePlayed
from chronicle.systems.wyld_hunt.codec import describe_event
from chronicle.systems.wyld_hunt.rules.character import check_character

NAMES = {
    "hebrew": "שרה בת אברהם",
    "arabic": "ليلى بنت أحمد",
    "emoji": "Mira 🐉🔥✨ Stormborn",
    "chinese": "李明华",
    "japanese": "さくら 山田",
    "korean": "김민지",
}
"""A name in each script (Hebrew and Arabic read right to left)."""
LONG_NAME = ("Aelindra Morwen Thistledown of the Seven Hollow Hills, Warden of the Long Road, "
             "Keeper of the Unquiet Lanterns and Sworn Friend of Every Crooked Milestone "
             "between Dunmere and Westfold")[:200]
"""A 200-character name."""
ATTRIBUTES = (Attribute.MIGHT, Attribute.SAVVY, Attribute.RESOLVE)
COURTS = (Court.SEELIE, Court.UNSEELIE)


@dataclass
class Line:
    """A chronicle line shaped like the services' ``HistoryLine``."""

    seq: int
    kind: str
    text: str
    recorded_at: str | None
    xp_change: int
    xp_earned: int
    xp_unspent: int
    waylay_bonus: int
    applied: bool
    undone_by: int | None


@dataclass
class Character:
    """A character shaped like the services' ``CharacterView``."""

    name: str
    player: str
    build: CharacterBuild
    report: Any
    state: Any
    history: list[Line] = field(default_factory=list)


def card_values(index: int) -> tuple[int, Attribute, Court]:
    """The cost, Attribute and court of the stress character's Merit ``index``: they change
    from one card to the next, so each line's values are its own."""
    return 1 + index % 3, ATTRIBUTES[index % 3], COURTS[(index // 3) % 2]


def merit_name(index: int, script: str = "") -> str:
    """The name of Merit ``index`` (in a script's name, for the script sheets)."""
    base = f"Merit {index:02d}"
    return f"{NAMES[script]} {index:02d}" if script else base


def character(name: str = "Stress", *, merits: int = 34, games: int = 6, player: str = "Pat",
              script: str = "", background: str = "Quiet.") -> Character:
    """A character of ``merits`` Merits (every box, values varying per card), three Flaws
    (one a Weakness with its own Attribute and court), ``games`` dated games."""
    icon = Icon(name="Sidhe Female", kind=Kind.ICON, race="Sidhe", gender="female", might=2,
                savvy=3, resolve=2, special="Glamour Sight",
                summary="Once a game, look at the top card of any deck.")
    kinds = list(MeritType)
    merit_cards = []
    for index in range(merits):
        cost, attribute, court = card_values(index)
        merit_cards.append(Merit(name=merit_name(index, script), kind=Kind.MERIT,
                                 type=kinds[index % 5], cost=cost, attribute=attribute,
                                 court=court))
    flaws = [Flaw(name="Indecisive", kind=Kind.FLAW, type=FlawType.WEAKNESS, bonus=2,
                  attribute=Attribute.RESOLVE, court=Court.UNSEELIE),
             Flaw(name="Allergies", kind=Kind.FLAW, type=FlawType.WEAKNESS, bonus=1,
                  attribute=Attribute.MIGHT, court=Court.SEELIE),
             Flaw(name="Sworn Enemy", kind=Kind.FLAW, type=FlawType.ENEMY, bonus=1)]
    quests = [Quest(name=f"Quest {n}", kind=Kind.QUEST, number=n + 1, waylay_rating=7,
                    treasure_rating=5, experience=1) for n in range(6)]
    events = tuple(GamePlayed(quests=(quests[n % 6].name,), completed=(quests[n % 6].name,),
                              date=f"2026-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}")
                   for n in range(games))
    cards: list[Card] = [icon, *merit_cards, *flaws, *quests]
    build = CharacterBuild(name=name, icons=(icon.name,), court=Court.SEELIE,
                           merits=tuple(m.name for m in merit_cards),
                           flaws=tuple(f.name for f in flaws), background=background,
                           events=events)
    report, state = check_character(build, Catalog(cards))
    history = [Line(line.index, "game", describe_event(line.event), "2026-12-02T10:00:00",
                    line.xp_change, line.xp_earned, line.xp_earned - line.xp_spent,
                    line.waylay_bonus, line.applied, line.undone_by)
               for line in state.ledger.lines]
    return Character(name, player, build, report, state, history)


def hunt(players: int = 6, turns: int = 40, names: tuple[str, ...] = ()) -> tuple[Any, Any, Any]:
    """A Hunters of Arcfall game of ``players`` seats and ``turns`` turns, never finished
    (every turn claims a bounty worth 1), with the players' ``names`` when given."""
    from chronicle.systems.hunters_of_arcfall.cards import Bounty, Hunter
    from chronicle.systems.hunters_of_arcfall.cards import Card as HuntCard
    from chronicle.systems.hunters_of_arcfall.log import End, GameLog, Seat, TurnPlayed
    from chronicle.systems.hunters_of_arcfall.rules import check_game

    cards: list[HuntCard] = [Hunter(name=f"Hunter {i}", wounds=3) for i in range(players)]
    cards += [Bounty(name=f"Bounty {i}", fortune=1, fame=i % 2) for i in range(turns)]
    seat_names = [names[i] if i < len(names) else f"Player {i + 1}" for i in range(players)]
    seats = tuple(Seat(name=seat_names[i], hunter=f"Hunter {i}") for i in range(players))
    entries = tuple(TurnPlayed(player=seats[n % players].name, drawn=(f"Bounty {n}",),
                               captured=(f"Bounty {n}",), end=End.CLAIMED)
                    for n in range(turns))
    log = GameLog(name="Friday Hunt", seats=seats, limit=10 * turns + 10, entries=entries)
    report, state = check_game(log, Catalog(cards))
    return log, state, report


def pdf(document: Document, paper: str = "a4") -> bytes:
    """The document as PDF bytes."""
    buffer = io.BytesIO()
    render_pdf(document, buffer, paper)
    return buffer.getvalue()
