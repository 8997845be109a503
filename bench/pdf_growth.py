"""Growth of long PDFs with their length: a character's chronicle (``chronicle export log``) of
100, 1,000 and 10,000 events, and a Hunters of Arcfall game (``chronicle export hunt``: score
pad and log) of as many turns, each laid out and written to memory, against a baseline
measured in the same run: plain reportlab (SimpleDocTemplate, one Paragraph per row, the same
embedded font) printing the same rows.

    python bench/pdf_growth.py [--quick] [--sizes 100,1000,10000]

For each size it prints the time, the baseline's time, their ratio, and the growth of both
against the smallest size (10 times the rows should cost about 10 times the time: linear).
Aims (issue 33): layout linear in the rows, i.e. growth from 1,000 to 10,000 rows within 1.5
times the baseline's own growth; a 10,000-event log under 10 s (CPU time). Figures are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

SIZES = (100, 1_000, 10_000)
GROWTH_AIM = 1.5
LOG_AIM = 10.0


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Character:
    """A character shaped like the services' ``CharacterView``."""

    name: str
    player: str
    build: object
    report: object
    state: object
    history: Sequence[Line]


def chronicle(events: int) -> Character:
    """A character of ``events`` games, each completing a quest (checked by the rules)."""
    from chronicle.catalog.store import Catalog
    from chronicle.systems.wyld_hunt.cards import Card, Icon, Kind, Quest
    from chronicle.systems.wyld_hunt.chronicle import CharacterBuild, GamePlayed
    from chronicle.systems.wyld_hunt.codec import describe_event
    from chronicle.systems.wyld_hunt.rules.character import check_character

    icon = Icon(name="Bench Icon", kind=Kind.ICON, might=2, savvy=2, resolve=2)
    quests = [Quest(name=f"Quest {n}", kind=Kind.QUEST, number=n + 1, waylay_rating=7,
                    treasure_rating=5, experience=1) for n in range(12)]
    cards: list[Card] = [icon, *quests]
    played = tuple(GamePlayed(quests=(quests[n % 12].name,), completed=(quests[n % 12].name,),
                              date=f"20{20 + n // 336 % 80:02d}-{1 + n // 28 % 12:02d}-"
                                   f"{1 + n % 28:02d}")
                   for n in range(events))
    build = CharacterBuild(name="Bench", icons=(icon.name,), events=played)
    report, state = check_character(build, Catalog(cards))
    history = [Line(line.index, "game", describe_event(line.event), None, line.xp_change,
                    line.xp_earned, line.xp_earned - line.xp_spent, line.waylay_bonus,
                    line.applied, line.undone_by) for line in state.ledger.lines]
    return Character(build.name, "Pat", build, report, state, history)


def hunt(turns: int) -> tuple[object, object]:
    """A six-player game of ``turns`` turns (the game never ends: every row counts)."""
    from chronicle.catalog.store import Catalog
    from chronicle.systems.hunters_of_arcfall.cards import Bounty, Card, Hunter
    from chronicle.systems.hunters_of_arcfall.log import End, GameLog, Seat, TurnPlayed
    from chronicle.systems.hunters_of_arcfall.rules import check_game

    cards: list[Card] = [Hunter(name=f"Hunter {i}", wounds=3) for i in range(6)]
    cards += [Bounty(name=f"Bounty {i}", fortune=1, fame=0) for i in range(turns)]
    seats = tuple(Seat(name=f"Player {i}", hunter=f"Hunter {i}") for i in range(6))
    entries = []
    for number in range(turns):
        bounty = f"Bounty {number}"
        entries.append(TurnPlayed(player=seats[number % 6].name, drawn=(bounty,),
                                  captured=(bounty,), end=End.CLAIMED))
    log = GameLog(name="Bench hunt", seats=seats, limit=10 * turns, entries=tuple(entries))
    _report, state = check_game(log, Catalog(cards))
    return log, state


def render(document: object) -> bytes:
    """The document as PDF bytes (A4)."""
    from chronicle.export.pdf import render_pdf

    buffer = io.BytesIO()
    render_pdf(document, buffer)  # type: ignore[arg-type]
    return buffer.getvalue()


def baseline(rows: list[str]) -> bytes:
    """Plain reportlab: each row one Paragraph in the sheets' font."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    from chronicle.export import fonts

    fonts.register_fonts()
    style = ParagraphStyle("plain", fontName=fonts.REGULAR, fontSize=8.5, leading=10.5)
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=A4, invariant=1).build(
        [Paragraph(fonts.markup(text), style) for text in rows])
    return buffer.getvalue()


def cpu(action: Callable[[], object], repeat: int) -> float:
    """The least processor time of ``repeat`` runs (other processes do not inflate it)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        action()
        best = min(best, time.process_time() - start)
    return best


def measure(label: str, sizes: Sequence[int], repeat: int,
            document_of: Callable[[int], object]) -> dict[int, tuple[float, float]]:
    """Time ``document_of(n)`` rendered against the baseline for each size; print a line each."""
    from chronicle.export.model import Document, Table

    found: dict[int, tuple[float, float]] = {}
    for size in sizes:
        start = time.process_time()
        document = document_of(size)
        built = time.process_time() - start
        assert isinstance(document, Document)
        rows = [" ".join(c for c in row.cells if isinstance(c, str))
                for part in document.parts for block in part.blocks
                if isinstance(block, Table) for row in block.rows]
        times = 1 if size >= 10_000 else repeat
        ours = cpu(lambda d=document: render(d), times)  # type: ignore[misc]
        base = cpu(lambda r=rows: baseline(r), times)  # type: ignore[misc]
        found[size] = (ours, base)
        first_ours, first_base = found[sizes[0]]
        print(f"{label} {size:>6} rows  {ours * 1000:9.1f} ms   baseline {base * 1000:8.1f} ms"
              f"   x{ours / base:5.2f}   growth x{ours / first_ours:7.1f}"
              f" (baseline x{base / first_base:7.1f})   [data checked and document built:"
              f" {built * 1000:.0f} ms]")
    return found


def verdict(label: str, found: dict[int, tuple[float, float]]) -> bool:
    """Whether the growth between the two largest sizes stays within the aim."""
    small, large = sorted(found)[-2:]
    ours = found[large][0] / found[small][0]
    base = found[large][1] / found[small][1]
    met = ours <= GROWTH_AIM * base
    print(f"{label}: {small} -> {large} rows grows x{ours:.1f}, the baseline x{base:.1f}   "
          f"aim within {GROWTH_AIM:g} x the baseline's growth: {'met' if met else 'NOT MET'}")
    return met


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one repetition")
    parser.add_argument("--sizes", default=",".join(str(s) for s in SIZES),
                        help="row counts, comma-separated")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    options = parser.parse_args(argv)
    if options.smoke:
        options.sizes, options.quick = "10,30", True
    sizes = tuple(int(s) for s in options.sizes.split(","))
    repeat = 1 if options.quick else 3
    from chronicle.systems.hunters_of_arcfall.sheets import hunt_document
    from chronicle.systems.wyld_hunt.sheets.document import log_document

    render(log_document(chronicle(5)))  # fonts registered, modules loaded: measured warm
    print(f"Python {sys.version.split()[0]}; CPU time, least of {repeat} (1 at 10,000 rows)")
    logs = measure("export log ", sizes, repeat,
                   lambda n: log_document(chronicle(n)))  # type: ignore[arg-type]
    hunts = measure("export hunt", sizes, repeat,
                    lambda n: hunt_document(*hunt(n)))  # type: ignore[arg-type]
    met = [verdict("export log", logs), verdict("export hunt", hunts)]
    largest = max(sizes)
    in_time = logs[largest][0] < LOG_AIM
    print(f"export log of {largest} events: {logs[largest][0]:.2f} s of CPU time   aim < "
          f"{LOG_AIM:g} s at 10,000: {'met' if in_time else 'NOT MET'}")
    return 0 if all(met) and in_time else 1


if __name__ == "__main__":
    sys.exit(main())
