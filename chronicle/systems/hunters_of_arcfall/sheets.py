"""The printed Hunters of Arcfall sheets, in the shared document model: a score pad for the
table (the scoreboard as it stands, then a running Fortune total per round with blank rows to
carry on in pencil) and the game's log afterwards (every turn, undone ones greyed, and the
result).

Player language only: no codes, commands or file keys on paper. Values nobody knows (a claimed
bounty's Fortune the catalog lacks) print as "?" boxes, never as 0. Names are the players' own
text; the renderer escapes them.
"""

from __future__ import annotations

from chronicle.export.model import (
    Block,
    Column,
    Document,
    Field,
    FieldGrid,
    Mark,
    Note,
    Part,
    Row,
    Table,
    Tone,
    Value,
)
from chronicle.export.wording import paper_message
from chronicle.rules.report import Report
from chronicle.systems.hunters_of_arcfall import LABEL, MAX_HEALS, WOUND_CAPACITY
from chronicle.systems.hunters_of_arcfall.log import End, GameLog, TurnPlayed, TurnUndone
from chronicle.systems.hunters_of_arcfall.rules.replay import GameState, Result

BLANK_ROUNDS = 3
"""Empty rounds printed after the ones played, to go on in pencil, at least (more fill the
rest of the page)."""
BLANK_TURNS = 2
"""Empty lines after an unfinished game's log, at least (more fill the rest of the page)."""
_ENDS = {End.CLAIMED: "claimed", End.WOUNDED: "fatally wounded",
         End.NO_DICE: "out of dice"}


def _status(state: GameState) -> str:
    if state.result is Result.IN_PROGRESS:
        if state.final_round:
            return f"final round: {', '.join(state.still_to_play)} still to play"
        return f"round {state.round}, {state.next_player or '-'} to play"
    return state.verdict


def _fortune(state: GameState, name: str) -> Value:
    player = state.player(name)
    return f"{player.fortune}+?" if player.unknown else str(player.fortune)


def _header(log: GameLog, state: GameState) -> FieldGrid:
    return FieldGrid(rows=(
        (Field("Game", log.name), Field("Point limit", str(log.limit)),
         Field("Date", log.date or Mark.BLANK)),
        (Field("Players", str(len(log.seats))), Field("Turns", str(state.turns)),
         Field("Standing", _status(state))),
    ), weights=(2.0, 1.0, 2.0))


def scoreboard(state: GameState) -> Table:
    """The scoreboard: one row per seat, in seating order."""
    ranks = state.ranks()
    rows = tuple(Row((str(ranks[p.name]), p.name, p.hunter, _fortune(state, p.name),
                      str(p.fame), ", ".join(p.claimed) or "-", ", ".join(p.captured) or "-",
                      "used" if p.ability_used else "ready"),
                     "total" if p.name == state.winner or p.name in state.tied else "normal")
                 for p in state.players)
    return Table(columns=(Column("Place", 0.6, "center"), Column("Player", 1.6),
                          Column("Hunter", 1.4), Column("Fortune", 0.9, "right"),
                          Column("Fame", 0.7, "right"), Column("Claimed", 3.0),
                          Column("Beneath the hunter", 1.8), Column("Ability", 0.9)),
                 rows=rows, title="Scoreboard",
                 legend="Fortune counts claimed bounties only; Fame breaks a tie.")


def rounds_table(log: GameLog, state: GameState, blank: int = BLANK_ROUNDS) -> Table:
    """Fortune of every player after each round played, then blank rounds for pencil."""
    names = [s.name for s in log.seats]
    totals = dict.fromkeys(names, 0)
    after: dict[int, dict[str, int]] = {}
    for line in state.lines:
        if not line.applied or not line.counted or line.round is None:
            continue
        entry = line.entry
        if isinstance(entry, TurnPlayed):
            key = next((n for n in names if n.casefold() == entry.player.casefold()),
                       entry.player)
            totals[key] = totals.get(key, 0) + line.fortune
            after[line.round] = dict(totals)
    rows = tuple(Row((str(number), *(str(after[number].get(n, 0)) for n in names)))
                 for number in sorted(after))
    weight = max(0.8, 8.0 / max(1, len(names)))
    return Table(columns=(Column("Round", 0.7, "center"),
                          *(Column(n, weight, "right") for n in names)),
                 rows=rows, title="Fortune after each round",
                 legend=f"The game ends when someone reaches {log.limit} and the round is "
                        "completed.", blank_rows=blank, fill=blank > 0)


def score_pad(log: GameLog, state: GameState) -> Part:
    """The score pad: header, scoreboard, the active bounty and the running totals."""
    blocks: list[Block] = [_header(log, state), scoreboard(state)]
    if state.active_bounty:
        card = state.active_card
        slots = ("?" if card is None or card.slots is None
                 else ", ".join(r.value for r in card.slots) or "-")
        text = f"{state.active_bounty} (slots: {slots})"
        if card is not None and card.ability:
            text += f"; its rule: {card.ability}"
        blocks.append(Note(text, label="Active bounty: "))
    blocks.append(rounds_table(log, state, 0 if state.finished else BLANK_ROUNDS))
    blocks.append(Note(f"A hunter holds {WOUND_CAPACITY} wounds; one more is fatal and loses "
                       f"every bounty beneath the hunter. At most {MAX_HEALS} heals a turn.",
                       tone="muted"))
    return Part(kind="Score Pad", title=log.name, caption=f"{LABEL} · {_status(state)}",
                footer=f"{log.name} · Score Pad", blocks=tuple(blocks),
                brand=LABEL.upper())


def _turn_row(number: int, round_number: int | None, entry: TurnPlayed, fortune: Value,
              tone: Tone) -> Row:
    details = []
    if entry.heals:
        details.append(f"{entry.heals} heal{'s' if entry.heals > 1 else ''}")
    if entry.ability:
        details.append("ability")
    if entry.note:
        details.append(entry.note)
    return Row((str(number), str(round_number) if round_number else "-", entry.player,
                ", ".join(entry.drawn) or "-", ", ".join(entry.captured) or "-",
                _ENDS[entry.end], "; ".join(details) or "-", fortune),
               tone)


def log_table(state: GameState) -> Table:
    """Every entry of the log, oldest first; undone turns greyed with the entry that undid
    them, undo entries as their own line."""
    rows: list[Row] = []
    for line in state.lines:
        entry = line.entry
        if isinstance(entry, TurnUndone):
            rows.append(Row((str(line.number), "-", "", f"takes back entry {entry.entry}",
                             "", "", entry.note or "-", ""), "muted"))
            continue
        if line.undone_by is not None:
            rows.append(_turn_row(line.number, None, entry,
                                  f"undone ({line.undone_by})", "muted"))
        elif not line.counted:
            rows.append(_turn_row(line.number, None, entry, "after the end", "muted"))
        else:
            gained: Value = f"+{line.fortune}" if line.claimed else "-"
            if line.discarded:
                gained = "lost"
            rows.append(_turn_row(line.number, line.round, entry, gained, "normal"))
    digits = len(str(max((line.number for line in state.lines), default=0)))
    return Table(columns=(Column("#", 0.2 + 0.1 * max(3, digits), "center"),
                          Column("Round", 0.6, "center"),
                          Column("Player", 1.3), Column("Drawn", 2.0),
                          Column("Captured", 2.0), Column("Ended", 1.3),
                          Column("Heals, ability, note", 1.8), Column("Fortune", 0.9, "right")),
                 rows=tuple(rows), title="The log",
                 legend="Greyed lines are turns taken back; they stay in the log.",
                 context="The log (continued)", blank_rows=0 if state.finished else BLANK_TURNS,
                 fill=not state.finished)


def game_log(log: GameLog, state: GameState, report: Report | None = None) -> Part:
    """The game's log afterwards: the result and what the rules found, then the log table
    (last, so rows to write in end it and never push the result onto a page of its own; the
    score pad before it, on the same page when both fit, says the game's limit and date)."""
    blocks: list[Block] = [Note(state.verdict, label="Result: ")]
    if report is not None:
        for violation in report.errors + report.warnings:
            if violation.code.startswith("catalog."):
                continue
            blocks.append(Note(paper_message(violation), label="Rule: ",
                               tone="error" if violation in report.errors else "warning"))
    if log.note:
        blocks.append(Note(log.note, label="Note: "))
    blocks.append(log_table(state))
    return Part(kind="Game Log", title=log.name, caption=f"{LABEL} · {state.verdict}",
                footer=f"{log.name} · Game Log", blocks=tuple(blocks),
                brand=LABEL.upper(), new_page=False)


def hunt_document(log: GameLog, state: GameState, report: Report | None = None) -> Document:
    """The PDF of ``chronicle export hunt``: the score pad, then the log."""
    return Document(title=f"{log.name} · {LABEL}",
                    parts=(score_pad(log, state), game_log(log, state, report)))
