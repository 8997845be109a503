"""The parts of the game preparation screen that are not the screen itself: loading a game
with its seats' collections and icons, each Waylay's odds, the suggestion panel, the palette's
entries, and the text of the seat line, the section tabs, the card rows and the card detail
(markup with every name escaped).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from chronicle.systems.wyld_hunt.rules.suggest import opposed_attribute
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import esc

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.cards import Card, Icon, Waylay
    from chronicle.systems.wyld_hunt.services.collection import OwnedCard
    from chronicle.systems.wyld_hunt.services.games import GameView, Seat, SuggestionSet


@dataclass
class PrepData:
    """What the screen shows, loaded in one worker."""

    game: GameView
    owned: dict[str, list[OwnedCard]]
    """Each seated player's collection."""
    icons: dict[str, Icon | None]
    """Each seated player's character icon (None without a character or a known icon)."""


def load_prep(db: Database, name: str) -> PrepData:
    """The game, the seated players' collections and their characters' icons (one reading)."""
    from chronicle.systems.wyld_hunt.services.games import show_game_seated

    return PrepData(*show_game_seated(db, name))


def percent(chance: Fraction) -> str:
    """``72%``."""
    return f"{round(chance * 100)}%"


def dice_of(system: str) -> int:
    """Dice rolled in a Test: one in The Wyld Hunt, two in King Ironheart's Madness."""
    return 2 if system == "ironheart" else 1


def waylay_odds(waylay: Waylay, icon: Icon | None, dice: int) -> list[tuple[str, str, str]]:
    """Per Test the Waylay can be: (``Combat 4 v Might 2``, ``wins 72%``, short form)."""
    from chronicle.rules.dice import test_odds

    found = []
    for test in waylay.tests or ():
        mine = waylay.attribute_value(test)
        attribute = opposed_attribute(test)
        theirs = getattr(icon, attribute) if icon is not None else None
        label = (f"{test.value.title()} {'?' if mine is None else mine} v {attribute.title()} "
                 f"{'?' if theirs is None else theirs}")
        short = f"{test.value[0].upper()}{'?' if mine is None else mine}"
        if mine is None or not isinstance(theirs, int):
            found.append((label, "odds unknown", short + " ?"))
        else:
            odds = test_odds(mine, theirs, dice)
            found.append((label, f"wins {percent(odds.win)}",
                          f"{short}v{theirs} {percent(odds.win)}"))
    return found


def seat_lists(seat: Seat) -> dict[str, list[str]]:
    """A seat's chosen lists by section."""
    return {"quests": list(seat.quests), "waylays": list(seat.waylays),
            "treasures": list(seat.treasures), "leagues": list(seat.leagues)}


def _num(value: object) -> str:
    return "?" if value is None else str(value)


class SuggestionPanel(VerticalScroll, can_focus=True):
    """The suggested Waylays, Treasures and Leagues with their explanation; enter or X applies,
    escape closes."""

    DEFAULT_CSS = """
    SuggestionPanel { display: none; height: 1fr; padding: 0 1; }
    SuggestionPanel.shown { display: block; }
    SuggestionPanel:focus { background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "screen.apply_suggestion", "Apply"),
        Binding("escape", "screen.close_suggestion", "Close"),
    ]

    asked = 0
    """How many times a suggestion was asked for or closed: one arriving after it was closed
    (another seat, or the screen opened again) is not shown."""

    def compose(self) -> ComposeResult:
        yield Static("", id="suggestion-text")

    def show(self, suggestion: SuggestionSet) -> None:
        """Display ``suggestion``."""
        lines = [f"[b]Suggestion for {esc(suggestion.player)}[/b]",
                 "[dim]enter or X applies · esc closes[/dim]"]
        for title, part in (("Waylays", suggestion.waylays), ("Treasures", suggestion.treasures),
                            ("Leagues", suggestion.leagues)):
            cards = ", ".join(part.cards) or "none"
            lines.append(f"\n[b]{title}[/b] {part.total} of {part.limit}: {esc(cards)}")
            lines.extend(f"[dim]· {esc(line)}[/dim]" for line in part.explanation)
        self.query_one("#suggestion-text", Static).update("\n".join(lines))
        self.add_class("shown")
        self.scroll_home(animate=False)

    def load(self, game: str, player: str) -> None:
        """Ask the services for ``player``'s suggestion at ``game``, show it in place of the
        panel before it (the meters and report) and take the focus."""
        from chronicle.systems.wyld_hunt.services.games import suggest_for

        self.asked += 1
        asked = self.asked

        def work(db: Database) -> SuggestionSet:
            return suggest_for(db, game, player)

        def done(suggestion: SuggestionSet) -> None:
            if self.is_attached and asked == self.asked:  # not closed while the worker ran
                self.show(suggestion)
                if self.parent is not None:
                    self.parent.add_class("suggesting")
                self.focus()

        chronicle_app(self).call_service(work, done, description=f"Suggesting for {player}")

    def close(self) -> None:
        """Hide the suggestion; the meters and report come back."""
        self.asked += 1
        self.remove_class("shown")
        if self.parent is not None:
            self.parent.remove_class("suggesting")

    def apply(self, game: str, player: str, done: Callable[[SuggestionSet], None],
              failed: Callable[[Exception], None]) -> None:
        """Store ``player``'s suggestion at ``game`` (computed afresh from the stored game)."""
        from chronicle.systems.wyld_hunt.services.games import suggest_for

        def work(db: Database) -> SuggestionSet:
            return suggest_for(db, game, player, apply=True)

        chronicle_app(self).call_service(work, done, failed=failed,
                                         description=f"Applying the suggestion for {player}")


def applied_markup(suggestion: SuggestionSet) -> str:
    """What applying a suggestion stored."""
    return (f"Applied: {len(suggestion.waylays.cards)} Waylays, "
            f"{len(suggestion.treasures.cards)} Treasures, "
            f"{len(suggestion.leagues.cards)} Leagues for {esc(suggestion.player)}.")


# The screen's palette entries, the seat's lists and their text ----------------------------------

COMMANDS: tuple[tuple[Any, ...], ...] = (
    ("Print the game sheet", "Quests, ratings and choices, as a PDF (p)", "print_game"),
    ("Lay the League map", "Leagues, Treasures and Base Camps on the table grid (m)", "map"),
    ("Toggle card", "Choose the card under the cursor, or take it out (space)", "toggle_card"),
    ("One more copy", "Add a copy of the card under the cursor (+)", "copies", 1),
    ("One copy fewer", "Take a copy of the card under the cursor out (-)", "copies", -1),
    ("Next seat", "Prepare the next player (tab or ])", "seat", 1),
    ("Previous seat", "Prepare the previous player (shift+tab or [)", "seat", -1),
    ("Change the seat's character", "Which character this player plays in this game (c)",
     "mend_seat", "character"),
    ("Seat another player", "A player without a seat here, and their character (a)",
     "mend_seat", "add"),
    ("Take this seat away", "This player leaves the game, their choices too (delete)",
     "mend_seat", "remove"),
    ("Change target", "Whose quests this player's Waylays oppose (o)", "target"),
    ("Suggest cards", "Waylays, Treasures and Leagues from the player's own cards, explained "
     "(x)", "suggest"),
    ("Apply the suggestion", "Store the suggested cards for this seat (X)", "apply_suggestion"),
    ("Scroll the report", "Move between the list and the report (v)", "report"),
    ("Record result", "Who completed which quests (r)", "result"),
    ("Back to the games", "Close this game (esc)", "back"),
)
"""The palette's entries: title, help, the action and its arguments."""
EDITING = frozenset({"toggle_card", "copies", "target", "suggest", "apply_suggestion",
                     "mend_seat"})
"""Actions that change the setup (hidden once the game has been played)."""


SECTIONS: tuple[str, ...] = ("quests", "waylays", "treasures", "leagues")
"""The lists a seat chooses, in the order the sections are shown."""
SECTION_KINDS = {"quests": "quest", "waylays": "waylay", "treasures": "merit",
                 "leagues": "league"}
SECTION_KEYS = {"quests": "q", "waylays": "w", "treasures": "t", "leagues": "l"}

Row: TypeAlias = tuple[str, "Card | None", int]
"""A row of the seat's card list: card name, the catalog card (if known), copies owned."""


def section_rows(owned: list[OwnedCard], chosen: list[str], section: str) -> list[Row]:
    """The seat's owned cards of ``section``, and the chosen cards it does not own (so they can
    be taken out), by name."""
    from chronicle.systems.wyld_hunt.cards import Merit, MeritType

    kind = SECTION_KINDS[section]
    rows: list[Row] = []
    for card_owned in owned:
        if card_owned.kind != kind:
            continue
        card = card_owned.card
        if section == "treasures" and isinstance(card, Merit) and \
                card.type not in (None, MeritType.TREASURE):
            continue
        rows.append((card_owned.name, card, card_owned.count))
    known = {name.casefold() for name, _c, _n in rows}
    for name in chosen:
        if name.casefold() not in known:
            known.add(name.casefold())
            rows.append((name, None, 0))
    return sorted(rows, key=lambda row: (row[0].casefold(), row[0]))


def icon_markup(icon: Icon) -> str:
    """``(Sidhe Female M2 S3 R3)``."""
    return f"({esc(icon.name)} M{_num(icon.might)} S{_num(icon.savvy)} R{_num(icon.resolve)})"


def seat_bar_markup(game: GameView, index: int, icon: Icon | None, chosen: str,
                    resolved: str | None) -> str:
    """The seat line: which seat, the player, their character and icon, and whom they
    waylay (``chosen`` by the keys, else as the rules ``resolved`` it)."""
    seat = game.seats[index]
    who = f"[b]{esc(seat.player)}[/b]"
    if seat.character:
        who += f" · {esc(seat.character)}"
        if icon is not None:
            who += f" {icon_markup(icon)}"
    else:
        who += " [dim](no character)[/dim]"
    if game.solo:
        against = " · solo"
    elif chosen or resolved:
        against = f" → waylays [b]{esc(chosen or resolved or '')}[/b] [dim](o)[/dim]"
    else:
        against = " → [yellow]no target yet (o)[/yellow]"
    return f"[dim]seat {index + 1}/{len(game.seats)}[/dim] " + who + against


def section_bar_markup(current: str) -> str:
    """The section tabs, the current one reversed."""
    parts = []
    for section in SECTIONS:
        title = f"{section.title()} ({SECTION_KEYS[section]})"
        parts.append(f"[reverse b] {title} [/reverse b]" if section == current
                     else f" {title} ")
    return "".join(parts) + " [dim]←/→ +/-[/dim]"


def short_facts(card: Card | None, wide: bool, against: Icon | None, dice: int) -> str:
    """The values that matter when choosing, as many as the values column holds (``wide``: 36
    cells or more); a Waylay's odds against the opponent's icon ``against``."""
    from chronicle.systems.wyld_hunt.cards import League, Merit, Quest, Waylay, card_facts

    if card is None:
        return "not in catalog"
    if isinstance(card, Waylay):
        odds = waylay_odds(card, against, dice)
        if wide:
            return f"r{_num(card.rating)} " + ("; ".join(
                f"{label}: {chance}" for label, chance, _s in odds) or "Test unknown")
        return f"r{_num(card.rating)} " + (odds[0][2] if odds else "?")
    if wide:
        return card_facts(card)
    if isinstance(card, Quest):
        return f"W{_num(card.waylay_rating)} T{_num(card.treasure_rating)} " \
               f"xp{_num(card.experience)}"
    if isinstance(card, Merit):
        return f"{_num(card.cost)} pt"
    if isinstance(card, League):
        terrain = ",".join(t.value for t in card.terrain) if card.terrain else "?"
        return ("U " if card.unique else "") + terrain
    return ""


def detail_markup(row: Row | None, against: Icon | None, dice: int) -> list[str]:
    """The card under the cursor in full (markup lines): its values, and a Waylay's odds."""
    from chronicle.systems.wyld_hunt.cards import Waylay, card_facts

    if row is None:
        return []
    name, card, owned = row
    facts = card_facts(card) if card is not None else "not in the catalog"
    lines = [f"[b]{esc(name)}[/b] [dim](own {owned})[/dim] {esc(facts)}"]
    if isinstance(card, Waylay):
        odds = waylay_odds(card, against, dice)
        lines.append(esc("; ".join(f"{label}: {chance}" for label, chance, _s in odds)
                         or "Test unknown"))
    return lines
