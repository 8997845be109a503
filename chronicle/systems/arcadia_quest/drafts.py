"""What the app's forms hold while a campaign is started or a scenario or an upgrade phase is
being entered, and what it would do: the data or payload it would store and a live tally
(coins each guild earns or keeps, cards held, the violations it would add), computed with the
same rules as every write.

Fields are typed as a player writes them on paper: lists separated by commas
(``Break the forge, pvp:green``), counts per hero as ``Diva=2, Grom`` (a bare name is 1), a
hero's cards as ``Diva: Fire Sword, Parrying Blade; Grom: Nova Bolt``. Pure: no app here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chronicle.rules.report import Severity, Violation

if TYPE_CHECKING:
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog
    from chronicle.systems.arcadia_quest.ledger import Event

SCENARIO_FIELDS = ("quests", "first", "hero_kills", "monster_coins", "chests", "deaths",
                   "neutral_deaths", "title")
"""A guild's fields in a scenario, in the form's order."""
UPGRADE_FIELDS = ("bought", "discarded", "curses", "slots")
"""A guild's fields in an upgrade phase, in the form's order."""
NUMBERS = ("hero_kills", "monster_coins", "chests")


def split_list(text: str) -> list[str]:
    """``a, b ,c`` as ``["a", "b", "c"]`` (empty parts dropped).

    >>> split_list(" Break the forge, pvp:green ,")
    ['Break the forge', 'pvp:green']
    """
    return [part.strip() for part in text.split(",") if part.strip()]


def split_counts(text: str) -> dict[str, int]:
    """``Diva=2, Grom`` as ``{"Diva": 2, "Grom": 1}``.

    Raises:
        ValueError: a count that is not a whole number.
    """
    counts: dict[str, int] = {}
    for part in split_list(text):
        name, _, count = part.partition("=")
        number = int(count.strip()) if count.strip() else 1
        counts[name.strip()] = counts.get(name.strip(), 0) + number
    return counts


def split_pairs(text: str) -> dict[str, str]:
    """``Diva=Weakness, Grom=Doubt`` as a mapping."""
    found: dict[str, str] = {}
    for part in split_list(text):
        name, _, value = part.partition("=")
        found[name.strip()] = value.strip()
    return found


def split_slots(text: str) -> dict[str, list[str]]:
    """``Diva: Fire Sword, Parrying Blade; Grom: Nova Bolt`` as each hero's cards."""
    slots: dict[str, list[str]] = {}
    for part in text.split(";"):
        if part.strip():
            hero, _, cards = part.partition(":")
            slots[hero.strip()] = split_list(cards)
    return slots


def _number(text: str, what: str) -> int:
    text = text.strip()
    if not text:
        return 0
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} is a whole number, not {text[:20]!r}") from None


def scenario_payload(name: str, winner: str,
                     guilds: dict[str, dict[str, str]]) -> dict[str, Any]:
    """The stored payload of a scenario from the form's texts (per guild, by field).

    Raises:
        ValueError: a number that is not one (the message names the guild and field).
    """
    tables = []
    for color, fields in guilds.items():
        table: dict[str, Any] = {"color": color}
        for key in SCENARIO_FIELDS:
            text = fields.get(key, "")
            if key in NUMBERS:
                table[key] = _number(text, f"{color}: {key.replace('_', ' ')}")
            elif key in ("deaths", "neutral_deaths"):
                try:
                    table[key] = split_counts(text)
                except ValueError:
                    raise ValueError(f"{color}: {key.replace('_', ' ')} are written "
                                     "HERO=N, HERO") from None
            elif key == "title":
                if text.strip():
                    table[key] = text.strip()
            else:
                table[key] = split_list(text)
        tables.append(table)
    return {"name": name.strip(), "winner": winner.strip().lower(), "guild": tables}


def upgrade_payload(guilds: dict[str, dict[str, str]],
                    current: dict[str, Any]) -> dict[str, Any]:
    """The stored payload of an upgrade phase from the form's texts; ``current`` is the
    campaign's summary, whose slots a guild keeps when it does not rearrange them (less what
    it discards)."""
    tables = []
    for color, fields in guilds.items():
        bought = split_list(fields.get("bought", ""))
        discarded = split_list(fields.get("discarded", ""))
        table: dict[str, Any] = {"color": color, "bought": bought, "discarded": discarded,
                                 "curses": split_pairs(fields.get("curses", ""))}
        given = split_slots(fields.get("slots", ""))
        if given:
            state = current.get("guilds", {}).get(color, {})
            gone = {c.casefold() for c in discarded}
            for hero, cards in state.get("slots", {}).items():
                if hero.casefold() not in {h.casefold() for h in given}:
                    given[hero] = [c for c in cards if c.casefold() not in gone]
            table["slots"] = given
        tables.append(table)
    return {"upgrade": tables}


@dataclass
class Tally:
    """What the entered event would do."""

    coins: dict[str, int] = field(default_factory=dict)
    """Per guild: coins earned in the scenario, or (an upgrade phase) coins kept after it."""
    spent: dict[str, int | None] = field(default_factory=dict)
    cards: dict[str, int] = field(default_factory=dict)
    """Upgrade cards held after it."""
    added: list[Violation] = field(default_factory=list)
    """The violations it would add to the campaign."""
    problem: str | None = None
    """Why the form cannot be read yet (a number that is not one)."""

    @property
    def errors(self) -> list[Violation]:
        """The added errors: what would make the store refuse it."""
        return [v for v in self.added if v.severity is Severity.ERROR]


def tally(history: Sequence[Event], kind: str, payload: dict[str, Any],
          catalog: QuestCatalog) -> Tally:
    """The live tally of a scenario (``kind`` "scenario") or upgrade phase ("upgrade") entered
    after ``history``."""
    from chronicle.systems.arcadia_quest.codec import event_from_record
    from chronicle.systems.arcadia_quest.rules import check_event, replay

    try:
        event = event_from_record(kind, payload)
    except ValueError as exc:
        return Tally(problem=str(exc))
    done = replay([*history, event], catalog)
    found = Tally(added=check_event(history, event, catalog))
    for color, guild in done.state.guilds.items():
        found.cards[color] = len(guild.owned)
        if kind == "scenario":
            found.coins[color] = guild.earned[-1] if guild.earned else 0
        else:
            found.coins[color] = guild.carried
            found.spent[color] = guild.spent[-1] if guild.spent else 0
    return found


COLORS = ("orange", "blue", "red", "green")
"""The guilds' colours, in the order the new-campaign form offers them."""


def starting_slots(heroes: list[Any], catalog: QuestCatalog) -> dict[str, list[str]]:
    """The five starting cards spread over ``heroes`` in order: 2, 2, then 1."""
    from chronicle.systems.arcadia_quest.cards import Upgrade

    starters = [c.name for c in catalog if isinstance(c, Upgrade) and c.starter]
    names = [h for h in heroes if isinstance(h, str)]
    if not names:
        return {}
    slots: dict[str, list[str]] = {h: [] for h in names}
    for index, card in enumerate(starters):
        slots[names[min(index // 2, len(names) - 1)]].append(card)
    return slots


def campaign_guilds(rows: Sequence[tuple[str, str, str]]) -> list[dict[str, Any]]:
    """The ``[[guild]]`` tables of a new campaign from the form's rows (colour, player, heroes
    separated by commas), in seating order; a row with neither player nor heroes is no
    guild."""
    guilds = []
    for color, player, heroes in rows:
        if not player.strip() and not heroes.strip():
            continue
        table: dict[str, Any] = {"color": color.strip().lower(), "heroes": split_list(heroes)}
        if player.strip():
            table["player"] = player.strip()
        guilds.append(table)
    return guilds


def new_campaign_tally(name: str, guilds: list[dict[str, Any]], two_player_pve: bool,
                       catalog: QuestCatalog) -> Tally:
    """What starting the campaign ``name`` with ``guilds`` would break (every violation of its
    start: guild count, colours, heroes, starting cards), each guild given the five starting
    cards as ``service.new_campaign`` gives them."""
    from chronicle.domain.limits import name_problem
    from chronicle.systems.arcadia_quest.record import ledger_of
    from chronicle.systems.arcadia_quest.rules import check_campaign

    wrong = name_problem(name.strip(), "the campaign's name") if name.strip() else \
        "Type the campaign's name."
    if wrong:
        return Tally(problem=wrong)
    tables = [{**g, "slots": starting_slots(g["heroes"], catalog)} for g in guilds]
    try:
        events, _own = ledger_of(name.strip(), {"two_player_pve": two_player_pve,
                                               "guild": tables}, [])
    except ValueError as exc:
        return Tally(problem=str(exc))
    report = check_campaign(events, catalog)
    found = Tally(added=list(report.violations))
    for color, guild in report.summary.get("guilds", {}).items():
        found.cards[color] = int(guild.get("upgrades", 0))
    return found
