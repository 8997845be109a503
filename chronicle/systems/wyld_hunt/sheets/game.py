"""The game-preparation sheet: who waylays whom, each player's quests with their effective
Waylay ratings, the Waylays, Treasures and Leagues chosen against their limits, fields for the
table (Base Camp, first player, result), and the rules' findings in a player's words. Pure."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from chronicle.domain.values import name_key
from chronicle.export.model import (
    Block,
    Column,
    Field,
    FieldGrid,
    Heading,
    Mark,
    Note,
    Part,
    Row,
    Table,
    Value,
    has_unknown,
)
from chronicle.export.wording import (
    UNKNOWN_LEGEND,
    against,
    brand,
    edition_label,
    finding_notes,
    number,
    total,
)
from chronicle.rules.report import Report
from chronicle.systems.wyld_hunt.cards import Card, Merit, Quest, Waylay
from chronicle.systems.wyld_hunt.rules.game import (
    LEAGUES_PER_QUEST,
    SOLO_LEAGUES_PER_QUEST,
    PlayerState,
)
from chronicle.systems.wyld_hunt.rules.map import MapState, bounds
from chronicle.systems.wyld_hunt.sheets.sources import GameSource, SeatSource

BLANK_ROWS = 3
"""Empty rows a table without choices gets, to be filled in by hand."""
DAY_ROWS = 3
"""Rows of the Day-by-Day table at least (more fill the rest of its page)."""


def _result(source: GameSource) -> Value:
    """What the game's result field says: who completed which quests once played, else
    a line to write on."""
    done = [f"{seat.player} {len(seat.completed)} of {len(seat.quests)}"
            for seat in source.seats if seat.completed is not None]
    return ("Quests completed: " + ", ".join(done)) if done else ""


def _noun_for(seats: Sequence[SeatSource]) -> Callable[[Sequence[str]], str]:
    """Names a group of cards by what they are in this game: "Waylays", "Leagues", ..."""
    kinds = {"Waylays": [w for s in seats for w in s.waylays],
             "Leagues": [w for s in seats for w in s.leagues],
             "Treasures": [w for s in seats for w in s.treasures],
             "Quests": [w for s in seats for w in s.quests]}

    def noun(cards: Sequence[str]) -> str:
        wanted = {name_key(c) for c in cards}
        for word, names in kinds.items():
            if wanted <= {name_key(n) for n in names}:
                return word
        return "cards"
    return noun


def _find(cards: Sequence[Card], name: str, taken: list[Card]) -> Card | None:
    """The resolved card of ``name``, None when it is unknown. Copies are matched one by one
    while there are as many cards; a second copy of a card the rules resolved once (two
    "Fae Armor" in a player's Treasures) is the same card, so it has the same values."""
    same = [card for card in cards if name_key(card.name) == name_key(name)]
    for card in same:
        if not any(card is t for t in taken):
            taken.append(card)
            return card
    return same[0] if same else None


def _each(cards: Sequence[Card], names: Sequence[str]) -> list[tuple[str, Card | None]]:
    """Each name with its resolved card (``_find``, copies matched one by one)."""
    taken: list[Card] = []
    return [(name, _find(cards, name, taken)) for name in names]


def _tests(waylay: Card | None) -> Value:
    if isinstance(waylay, Waylay) and waylay.tests is not None:
        return ", ".join(_test_text(waylay, t.value) for t in waylay.tests)
    return Mark.UNKNOWN


def _terrain(card: Card | None) -> Value:
    terrain = getattr(card, "terrain", None)
    if card is None or terrain is None:
        return Mark.UNKNOWN
    return ", ".join(str(t.value).capitalize() for t in terrain)


def _player_blocks(player: PlayerState, seat: SeatSource, by_name: dict[str, PlayerState],
                   solo: bool) -> list[Block]:
    bonus = player.bonus
    whose = f"{seat.player}: " + (seat.character or "no character (career stated)")
    context = f"{whose} (continued)"
    blocks: list[Block] = []
    quest_rows: list[Row] = []
    ratings: list[int | None] = []
    treasure_ratings: list[int | None] = []
    for name, quest in _each(player.quests, seat.quests):
        base = quest.waylay_rating if isinstance(quest, Quest) else None
        effective = None if base is None else base + bonus
        quest_treasure = quest.treasure_rating if isinstance(quest, Quest) else None
        ratings.append(effective)
        treasure_ratings.append(quest_treasure)
        number_ = quest.number if isinstance(quest, Quest) else None
        done: Value = ""
        if seat.completed is not None:
            done = "yes" if any(name_key(c) == name_key(name) for c in seat.completed) else "no"
        quest_rows.append(Row((name, number(number_), number(base), f"+{bonus}",
                               number(effective), number(quest_treasure), done)))
    if quest_rows:
        quest_rows.append(Row(("Total", "", "", "", total(ratings), total(treasure_ratings),
                               ""), tone="total"))
    blocks.append(Table((Column("Quest", 4.0), Column("No.", 0.7, "right"),
                         Column("Waylay rating", 1.3, "right"), Column("Bonus", 0.8, "right"),
                         Column("Effective", 1.1, "right"), Column("Treasure rating", 1.4,
                                                                   "right"),
                         Column("Completed", 1.1, "center")), tuple(quest_rows),
                        title=whose, context=context, blank_rows=0 if quest_rows else 2))

    target_name = player.target or (player.name if solo else None)
    target = by_name.get(target_name or "")
    limit: Value = Mark.UNKNOWN
    if target is not None and target.quests:
        limit = str(target.waylay_rating) if target.rating_known else Mark.UNKNOWN
    leagues_wanted = (SOLO_LEAGUES_PER_QUEST if solo else LEAGUES_PER_QUEST) * len(seat.quests)
    waylays = _each(player.waylays, seat.waylays)
    waylay_ratings = [w.rating if isinstance(w, Waylay) else None for _, w in waylays]
    waylay_rows = [Row((name, number(rating), _tests(waylay), _terrain(waylay)))
                   for (name, waylay), rating in zip(waylays, waylay_ratings, strict=True)]
    treasures = _each(player.treasures, seat.treasures)
    treasure_costs = [t.cost if isinstance(t, Merit) else None for _, t in treasures]
    treasure_rows = [Row((name, number(cost)))
                     for (name, _), cost in zip(treasures, treasure_costs, strict=True)]
    league_rows: list[Row] = []
    for name, league in _each(player.leagues, seat.leagues):
        unique = getattr(league, "unique", None)
        league_rows.append(Row((name, _terrain(league),
                                Mark.UNKNOWN if unique is None else ("yes" if unique else "no"))))
    own_treasure: Value = (total(treasure_ratings) if seat.quests else "0")
    blocks.append(FieldGrid(((
        Field("Waylays (solo: your own)" if solo else f"Waylays against {target_name or '?'}",
              against(total(waylay_ratings) if seat.waylays else "0", limit)),
        Field("Treasures", against(total(treasure_costs) if seat.treasures else "0",
                                   own_treasure)),
        Field("Leagues", against(str(len(seat.leagues)), str(leagues_wanted))),
    ),), weights=(1.6, 1.0, 1.0)))
    blank = BLANK_ROWS
    blocks.append(Table((Column("Waylay", 3.2), Column("Rating", 0.9, "right"),
                         Column("Tests", 2.2), Column("Terrain", 3.0)),
                        (*waylay_rows, Row(("Total", total(waylay_ratings), "", ""),
                                           tone="total")) if waylay_rows else (),
                        context=context, blank_rows=0 if waylay_rows else blank))
    blocks.append(Table((Column("Treasure", 5.0), Column("Cost", 1.0, "right")),
                        (*treasure_rows, Row(("Total", total(treasure_costs)),
                                             tone="total")) if treasure_rows else (),
                        context=context, blank_rows=0 if treasure_rows else blank))
    blocks.append(Table((Column("League", 3.6), Column("Terrain", 3.6),
                         Column("Unique", 0.9, "center")), tuple(league_rows),
                        context=context, blank_rows=0 if league_rows else blank))
    return blocks


def _days(seats: Sequence[SeatSource]) -> Table:
    """Rows to write the game in as it is played: a Day a row, where each character went and
    what it met there (the rest of the last page fills with them; left out where the last
    page has no room for a few)."""
    return Table((Column("Day", 0.6, "right"), *(Column(seat.player, 3.0) for seat in seats)),
                 (), title="Day by Day",
                 legend="Written in as you play: where each character went and what it met.",
                 context="Day by Day (continued)", blank_rows=DAY_ROWS, fill=True,
                 optional=True)


def _test_text(waylay: Waylay, test: str) -> str:
    value = getattr(waylay, test, None)
    label = test[:1].upper() + test[1:]
    if value is None:
        return f"{label} ?"
    return label if value == "none" else f"{label} {value}"


def _camps(board: MapState | None) -> Value:
    """The Base Camps chosen on the map, or a line to write on."""
    if board is None or not board.camps:
        return ""
    return "; ".join(f"{who}: {board.cells[cell].league}" for who, cell in board.camps.items()
                     if cell in board.cells)


def map_blocks(board: MapState) -> list[Block]:
    """The League map as a grid: one column per square across, one row per square down, each
    square the League laid there with its marks (turned half round, Treasures, Base Camps)."""
    from chronicle.systems.wyld_hunt.mapgrid import marks

    xs, ys = bounds(board)
    if not xs:
        return []
    width = max(1.2, min(3.0, 15.0 / len(xs)))
    columns = (Column("", 0.5), *(Column(str(x), width, "center") for x in xs))
    rows = []
    for y in ys:
        cells: list[Value] = [str(y)]
        for x in xs:
            placed = board.cells.get((x, y))
            if placed is None:
                cells.append("")
                continue
            shown = marks(board, (x, y))
            cells.append(placed.league + (f" {shown}" if shown else ""))
        rows.append(Row(tuple(cells)))
    return [Heading("League map"),
            Table(columns, tuple(rows), title="Squares across (x) and down (y)"),
            Note("^ turned half round · * a Treasure under it · @ a Base Camp (the player's "
                 "first letters)")]


def game_sheet(source: GameSource, board: MapState | None = None,
               board_report: Report | None = None) -> Part:
    """A game's preparation: who waylays whom, then each player's quests with their effective
    Waylay ratings, the Waylays, Treasures and Leagues chosen with their totals against the
    limits, the League map when Leagues are laid, and the rules' remaining findings."""
    players = {p.name: p for p in source.state.players}
    seats = list(source.seats)
    who: list[Row] = []
    for seat in seats:
        player = players.get(seat.player)
        target = (player.target if player else None) or seat.target
        waylaid_by = ", ".join(player.waylaid_by) if player and player.waylaid_by else ""
        who.append(Row((seat.player, seat.character or "", target or Mark.UNKNOWN,
                        waylaid_by or Mark.UNKNOWN,
                        str(player.career_xp) if player else Mark.UNKNOWN,
                        f"+{player.bonus}" if player else Mark.UNKNOWN)))
    house_rules = "; ".join(source.state.setup.house_rules)
    blocks: list[Block] = [
        FieldGrid(((Field("Base Camp", _camps(board)), Field("First player", ""),
                    Field("Result", _result(source))),), weights=(1.0, 0.8, 2.2)),
        *([FieldGrid(((Field("House rules", house_rules),),), weights=(1.0,))]
          if house_rules else []),
        Table((Column("Player", 2.0), Column("Character", 2.2),
               Column("Waylays the quests of", 2.2), Column("Waylaid by", 2.0),
               Column("Career XP", 1.0, "right"), Column("Bonus per Quest", 1.1, "right")),
              tuple(who), title="Who waylays whom", blank_rows=0 if who else 2),
    ]
    for seat in seats:
        player = players.get(seat.player)
        if player is not None:
            blocks.extend(_player_blocks(player, seat, players, source.solo))
    if board is not None:
        blocks.extend(map_blocks(board))
    if has_unknown(blocks):  # a legend before the tables it explains, never a page alone
        blocks.insert(3 if house_rules else 2, Note(UNKNOWN_LEGEND, tone="muted"))
    notes = finding_notes(source.report, noun=_noun_for(seats))
    if board_report is not None:
        notes += finding_notes(board_report)
    if notes:
        blocks.append(Heading("Before you play"))
        blocks.extend(notes)
    blocks.append(_days(seats))
    count = len(seats)
    mode = "solo" if source.solo else f"{count} player{'s' if count != 1 else ''}"
    return Part(kind="Game Preparation", title=source.name,
                caption=f"{edition_label(source.system)} · {mode} · {source.status}",
                footer=f"{source.name} · Game Preparation", blocks=tuple(blocks),
                brand=brand(source.system))
