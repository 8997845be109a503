"""Preparing one game (the deck builder): seat by seat, the player's character, quests and
target, then the Waylays, Treasures and Leagues chosen from the player's own cards.

Meters show the totals the rules computed (``GameView.report.summary``) against their limits and
turn red past them: the Waylays against the target's effective Waylay rating, the Treasures
against the player's own Treasure rating, the Leagues against five per quest (ten in solo
play). Each Waylay shows its odds against the opponent character's icon. The suggestion is one
key away (x shows it, X or enter applies it), and the violations panel lists every rule problem
of the game with its fix.

Every change is stored by ``chronicle.systems.wyld_hunt.services.games.choose`` in a worker,
one at a time: keys pressed meanwhile are queued and sent next. A refused change keeps the
previous selection and says why.

The screen holds the selection and its queue; its parts live beside it: the text of the seat
line, tabs, rows and detail and the suggestion panel in ``..widgets.prep``, the meters, odds
and report in ``prep_side``, and changing the seats (character, another player, one fewer) in
``seats``; the ways out (result, map, sheet) in ``prep_exits``. The games screen keeps one
preparation screen and opens each game in it (``reopen``): built once, a game shown again is
not drawn again where nothing changed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, Static

from chronicle.systems.wyld_hunt.screens.prep_exits import PrepExits
from chronicle.systems.wyld_hunt.screens.prep_side import PrepSide, odds_markup
from chronicle.systems.wyld_hunt.widgets.prep import (
    COMMANDS,
    EDITING,
    SECTION_KEYS,
    SECTIONS,
    PrepData,
    Row,
    SuggestionPanel,
    applied_markup,
    detail_markup,
    dice_of,
    load_prep,
    seat_bar_markup,
    seat_lists,
    section_bar_markup,
    section_rows,
    short_facts,
)
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import esc
from chronicle.tui.widgets.card_list import CardList, show_text
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.cards import Card, Icon
    from chronicle.systems.wyld_hunt.services.collection import OwnedCard
    from chronicle.systems.wyld_hunt.services.games import GameView, Seat, SuggestionSet


class GamePrepScreen(PrepExits):
    """Prepare one game, seat by seat."""

    TITLE = "Game preparation"
    DEFAULT_CSS = """
    GamePrepScreen #seat-bar { height: auto; max-height: 2; padding: 0 1; background: $boost; }
    GamePrepScreen #section-bar { height: 1; padding: 0 1; }
    GamePrepScreen #prep-body { height: 1fr; }
    GamePrepScreen #prep-left { width: 1fr; padding-right: 1; }
    GamePrepScreen #prep-list-header { height: 1; color: $text-muted; text-style: bold; }
    GamePrepScreen #prep-list { height: 1fr; }
    GamePrepScreen #prep-detail { height: auto; max-height: 5; padding: 0 1 0 0; }
    GamePrepScreen #prep-right { width: 40%; min-width: 36; max-width: 72;
                                 border-left: solid $panel; }
    GamePrepScreen #prep-right.suggesting > PrepSide { display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_card", "Pick"),
        Binding("plus,equals_sign", "copies(1)", "+copy", key_display="+", show=False),
        Binding("minus", "copies(-1)", "-copy", key_display="-", show=False),
        Binding("tab,right_square_bracket", "seat(1)", "Seat", key_display="tab"),
        Binding("shift+tab,left_square_bracket", "seat(-1)", "Prev seat", show=False),
        Binding("q", "section('quests')", "Quests", show=False),
        Binding("w", "section('waylays')", "Waylays", show=False),
        Binding("t", "section('treasures')", "Treasures", show=False),
        Binding("l", "section('leagues')", "Leagues", show=False),
        Binding("right", "next_section(1)", "Section", show=False),
        Binding("left", "next_section(-1)", "Section", show=False),
        Binding("o", "target", "Target", show=False),
        Binding("c", "mend_seat('character')", "Character of this seat", show=False),
        Binding("a", "mend_seat('add')", "Seat another player", show=False),
        Binding("delete", "mend_seat('remove')", "Take this seat away", show=False),
        Binding("x", "suggest", "Suggest"),
        Binding("X", "apply_suggestion", "Apply suggestion", key_display="X", show=False),
        Binding("r", "result", "Result", show=False),
        Binding("m", "map", "League map", show=False),
        Binding("p", "print_game", "PDF game sheet", show=False),
        Binding("v", "report", "Report"),
        Binding("escape", "back", "Back"),
        Binding("f5", "reload", "Reload", show=False),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game_name = game
        self.game: GameView | None = None
        self.owned: dict[str, list[OwnedCard]] = {}
        self.icons: dict[str, Icon | None] = {}
        self.seat_index = 0
        self.section = "quests"
        self.desired: dict[str, dict[str, list[str]]] = {}
        """Each player's lists as the keys made them (shown at once, stored one at a time)."""
        self.desired_target: dict[str, str] = {}
        self.dirty: dict[str, set[str]] = {}
        """Per player, the lists (and "target") changed but not sent yet."""
        self.sending = False
        self.rows: list[Row] = []
        """The list's rows: card name, the catalog card (if known), copies owned."""
        self.message = ""
        self.opening = 0
        """How many times this screen was opened (``reopen``): a game loaded for an earlier
        opening is not shown."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Loading the game…", id="seat-bar")
        yield Static("", id="section-bar")
        with Horizontal(id="prep-body"):
            with Vertical(id="prep-left"):
                yield Static("", id="prep-list-header")
                yield CardList([3, 22, 3, 14], flex=3, id="prep-list")
                yield Static("", id="prep-detail")
            with Vertical(id="prep-right"):
                yield PrepSide(id="prep-side")
                yield SuggestionPanel(id="suggestion")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = self.game_name
        self.render_sections()
        self.query_one(CardList).focus()

    def on_screen_resume(self) -> None:
        self.action_reload()

    def reopen(self, game: str) -> None:
        """Show ``game`` as a new screen would: first seat, quests, no message or suggestion
        (the same game's last state shown until it is loaded again; another game's cleared)."""
        from chronicle.domain.values import name_key

        self.opening += 1
        if other := self.game is None or name_key(self.game.name) != name_key(game):
            self.game, self.owned, self.icons, self.desired, self.desired_target = \
                None, {}, {}, {}, {}
        self.game_name, self.seat_index, self.section, self.message = game, 0, "quests", ""
        self.dirty.clear()
        if not (self.is_mounted and self.query(PrepSide)):
            return  # built when shown: on_mount shows it
        self.sub_title = game
        if other:
            self.query_one(PrepSide).clear()
        self.query_one(SuggestionPanel).close()
        self.query_one(PrepSide).scroll_home(animate=False)
        self.render_all(keep=False)
        self.query_one(CardList).focus()

    # Data ------------------------------------------------------------------------------------

    def action_reload(self) -> None:
        """Load the game, the collections and the icons again."""
        if self.sending:
            return
        name, opening = self.game_name, self.opening

        def work(db: Database) -> PrepData:
            return load_prep(db, name)

        chronicle_app(self).call_service(work, partial(self.loaded, opening=opening),
                                         description="Loading the game", group="prep-load",
                                         exclusive=True)

    def loaded(self, data: PrepData, opening: int | None = None) -> None:
        shown = self.game
        if not self.is_attached or opening not in (None, self.opening) or (
                shown is not None and shown.id == data.game.id
                and data.game.version < shown.version):
            return  # closed or opened again while the worker ran, or older than what is shown
        self.owned, self.icons = data.owned, data.icons
        self.set_game(data.game)
        self.refresh_bindings()
        if data.game.status == "played":
            self.message = "[b]This game has been played[/b]: its setup is fixed (r shows the " \
                           "result)."
        self.render_all()

    def set_game(self, game: GameView) -> None:
        """Take ``game`` as stored; lists with unsent changes keep them."""
        self.game = game
        self.game_name = game.name
        for seat in game.seats:
            if self.dirty.get(seat.player):
                continue
            self.desired[seat.player] = seat_lists(seat)
            self.desired_target[seat.player] = seat.target or ""
        if self.seat_index >= len(game.seats):
            self.seat_index = 0

    def seat(self) -> Seat | None:
        """The seat being prepared."""
        if self.game is None or not self.game.seats:
            return None
        return self.game.seats[self.seat_index]

    def entries(self) -> dict[str, dict[str, Any]]:
        """The report's summary entry of every player, by name."""
        if self.game is None:
            return {}
        return {str(p.get("name")): p for p in self.game.report.summary.get("players", [])}

    def opponent(self, player: str) -> str | None:
        """The player whose quests ``player``'s Waylays oppose (themselves in solo play), as
        the rules resolved it."""
        target = self.entries().get(player, {}).get("target")
        return str(target) if target else None

    # Rendering ---------------------------------------------------------------------------------

    def render_all(self, keep: bool = True) -> None:
        """Repaint everything from the stored game and the queued changes."""
        self.render_seat_bar()
        self.render_sections()
        self.render_list(keep)
        self.render_side()
        self.render_detail()

    def render_seat_bar(self) -> None:
        seat = self.seat()
        bar = self.query_one("#seat-bar", Static)
        if self.game is None or seat is None:
            show_text(bar, "This game seats nobody." if self.game else "Loading the game…")
            return
        show_text(bar, seat_bar_markup(self.game, self.seat_index, self.icons.get(seat.player),
                                       self.desired_target.get(seat.player, ""),
                                       self.opponent(seat.player)))

    def render_sections(self) -> None:
        show_text(self.query_one("#section-bar", Static), section_bar_markup(self.section))

    def section_rows(self) -> list[Row]:
        """The current seat's owned cards of the current section, and chosen cards it does not
        own (so they can be taken out)."""
        seat = self.seat()
        if seat is None:
            return []
        return section_rows(self.owned.get(seat.player, []),
                            self.desired.get(seat.player, {}).get(self.section, []),
                            self.section)

    def chosen_count(self, name: str) -> int:
        """Copies of ``name`` in the current seat's current list."""
        seat = self.seat()
        if seat is None:
            return 0
        listed = self.desired.get(seat.player, {}).get(self.section, [])
        return sum(1 for n in listed if n.casefold() == name.casefold())

    def row_cells(self, name: str, card: Card | None, owned: int) -> list[str]:
        """The list row of a card."""
        count = self.chosen_count(name)
        mark = "[ ]" if count == 0 else ("[x]" if count == 1 else f"[{count}]")
        return [mark, name, str(owned), self.short_facts(card)]

    def short_facts(self, card: Card | None) -> str:
        """The values that matter when choosing, as many as the values column holds."""
        wide = self.query_one(CardList).widths[3] >= 36
        return short_facts(card, wide, self.opponent_icon(), self.dice())

    def dice(self) -> int:
        return dice_of(self.game.system if self.game else "wyld-hunt")

    def opponent_icon(self) -> Icon | None:
        """The icon of the character the current seat's Waylays oppose."""
        seat = self.seat()
        target = self.opponent(seat.player) if seat else None
        return self.icons.get(target) if target else None

    def render_list(self, keep: bool = True) -> None:
        card_list = self.query_one(CardList)
        card_list.set_header(self.query_one("#prep-list-header", Static),
                             ["use", self.section[:-1], "own", "values"])
        cursor = card_list.cursor
        self.rows = rows = self.section_rows()
        card_list.set_source(len(rows), lambda index: self.row_cells(*rows[index]),
                             lambda index: rows[index][2] == 0, keep=cursor if keep else 0)

    def refresh_rows(self) -> None:
        """Repaint the marks after a change (rows are built as they are drawn)."""
        self.query_one(CardList).refresh()

    def render_side(self) -> None:
        """Meters, the Waylays' odds and the game report."""
        seat = self.seat()
        if self.game is None or seat is None:
            return
        target = self.opponent(seat.player)
        waylays = {o.name.casefold(): o.card for o in self.owned.get(seat.player, [])
                   if o.kind == "waylay"}
        odds = odds_markup(self.game, seat, target, self.icons.get(target) if target else None,
                           waylays)
        self.query_one(PrepSide).show(self.game, seat, target, odds)

    def render_detail(self) -> None:
        """The card under the cursor in full, and the last message."""
        current = self.current_row()
        lines = detail_markup(current, self.opponent_icon(), self.dice())
        seat = self.seat()
        if current is None and seat is not None:
            lines.append(f"{esc(seat.player)} owns no {self.section[:-1]} card: record a "
                         "pack in Cards (1, then o).")
        if self.message:
            lines.append(self.message)
        elif self.sending:
            lines.append("[dim]saving…[/dim]")
        show_text(self.query_one("#prep-detail", Static), "\n".join(lines))

    def current_row(self) -> Row | None:
        return self.query_one(CardList).pick(self.rows)

    def on_card_list_highlighted(self, _event: CardList.Highlighted) -> None:
        self.render_detail()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the keys that change the setup once the game has been played (and the target
        in solo play)."""
        played = self.game is not None and self.game.status != "prepared"
        if action == "target" and self.game is not None and self.game.solo:
            return False
        return not (played and action in EDITING)

    def on_card_list_selected(self, _event: CardList.Selected) -> None:
        self.action_toggle_card()

    # Changing the selection ------------------------------------------------------------------

    def editable(self) -> Seat | None:
        """The current seat, when the game can still be changed (else says why)."""
        seat = self.seat()
        if self.game is None or seat is None:
            return None
        if self.game.status != "prepared":
            self.notify("This game has been played; its setup is fixed.", severity="warning")
            return None
        return seat

    def picked(self) -> tuple[Seat, str, list[str]] | None:
        """The seat being edited, the card under the cursor and the seat's cards of the section
        shown (None: no card, or the game can no longer be changed)."""
        seat = self.editable()
        current = self.current_row()
        if seat is None or current is None:
            return None
        return seat, current[0], self.desired[seat.player][self.section]

    def action_toggle_card(self) -> None:
        """Choose the card under the cursor, or take every copy of it out."""
        picked = self.picked()
        if picked is None:
            return
        seat, name, listed = picked
        if self.chosen_count(name):
            listed[:] = [n for n in listed if n.casefold() != name.casefold()]
        else:
            listed.append(name)
        self.changed(seat.player, self.section)

    def action_copies(self, delta: int) -> None:
        """One more copy of the card under the cursor (the rules refuse copies not owned), or
        one fewer."""
        picked = self.picked()
        if picked is None:
            return
        seat, name, listed = picked
        if delta > 0:
            listed.append(name)
        else:
            matches = [i for i, n in enumerate(listed) if n.casefold() == name.casefold()]
            if not matches:
                return
            del listed[matches[-1]]
        self.changed(seat.player, self.section)

    def action_target(self) -> None:
        """Target the next other player (whose quests this player's Waylays oppose)."""
        seat = self.editable()
        if seat is None or self.game is None:
            return
        if self.game.solo:
            self.notify("In solo play you choose the Waylays for your own quests.")
            return
        others = [s.player for s in self.game.seats if s.player != seat.player]
        if not others:
            self.notify("Nobody else is seated.", severity="warning")
            return
        current = self.desired_target.get(seat.player, "")
        if len(others) == 1:
            self.notify(f"{others[0]} is the only other player: {seat.player}'s Waylays "
                        f"always oppose {others[0]}'s quests. o chooses among three or more "
                        "players.")
            return
        position = others.index(current) if current in others else -1
        self.desired_target[seat.player] = others[(position + 1) % len(others)]
        self.changed(seat.player, "target")

    def action_mend_seat(self, how: str) -> None:
        """Change this seat's character (c), seat another player (a) or take this seat away
        (delete), until the result is recorded (``seats.mend_seat``)."""
        from chronicle.systems.wyld_hunt.screens.seats import mend_seat

        seat = self.editable()
        if seat is not None and self.game is not None and not self.busy():
            mend_seat(self, how, self.game, seat, self.seats_changed)

    def seats_changed(self, said: str) -> None:
        """Say what changed in the seats and load the game again."""
        self.message = esc(said)
        self.action_reload()

    def changed(self, player: str, field: str) -> None:
        """Show a change at once and queue it for the database."""
        self.dirty.setdefault(player, set()).add(field)
        self.message = ""
        self.refresh_rows()
        self.render_seat_bar()
        self.flush()

    def flush(self) -> None:
        """Send the next queued change, unless one is on its way."""
        from chronicle.systems.wyld_hunt.services.games import choose

        if self.sending or self.game is None:
            return
        player = next((p for p, fields in self.dirty.items() if fields), None)
        if player is None:
            return
        fields = self.dirty.pop(player)
        lists = {f: list(self.desired[player][f]) for f in fields if f in SECTIONS}
        target = self.desired_target.get(player, "") if "target" in fields else None
        name, version = self.game.name, self.game.version
        self.sending = True

        def work(db: Database) -> GameView:
            return choose(db, name, player, quests=lists.get("quests"), target=target,
                          waylays=lists.get("waylays"), treasures=lists.get("treasures"),
                          leagues=lists.get("leagues"), expected_version=version)

        self.render_detail()
        chronicle_app(self).call_service(work, self.chosen, description=f"Choosing for {player}",
                                         failed=self.choice_failed, group="prep-choose")

    def chosen(self, game: GameView) -> None:
        if not self.is_attached:  # closed while the worker ran
            return
        self.sending = False
        self.set_game(game)
        self.render_all()
        self.flush()

    def choice_failed(self, exc: Exception) -> None:
        """Keep the stored selection and say why the change was refused."""
        from chronicle.errors import Conflict

        self.sending = False
        self.dirty.clear()
        if not self.is_attached:
            return
        if self.game is not None:
            self.set_game(self.game)
        self.message = f"[red b]Refused:[/red b] {esc(str(exc))}"
        self.render_all()
        if isinstance(exc, Conflict):
            self.action_reload()

    # Navigation --------------------------------------------------------------------------------

    def action_seat(self, delta: int) -> None:
        """Prepare the next (or previous) seat."""
        if self.game is None or not self.game.seats:
            return
        self.seat_index = (self.seat_index + delta) % len(self.game.seats)
        self.message = ""
        self.query_one(SuggestionPanel).close()
        self.render_all(keep=False)

    def action_section(self, section: str) -> None:
        """Show the quests, Waylays, Treasures or Leagues of the seat."""
        self.section = section
        self.query_one(CardList).focus()
        self.render_sections()
        self.render_list(keep=False)
        self.render_detail()

    def action_next_section(self, delta: int) -> None:
        position = SECTIONS.index(self.section)
        self.action_section(SECTIONS[(position + delta) % len(SECTIONS)])

    def action_report(self) -> None:
        """Move between the card list and the report (to scroll it)."""
        side = self.query_one(PrepSide)
        if side.has_focus:
            self.query_one(CardList).focus()
        else:
            side.focus()

    def action_back(self) -> None:
        """Close the suggestion, or go back to the games."""
        if self.query_one(SuggestionPanel).has_class("shown"):
            self.action_close_suggestion()
            return
        if self.sending or any(self.dirty.values()):
            self.notify("Saving the last change first…")
            return
        self.dismiss(None)

    # The suggestion ----------------------------------------------------------------------------

    def action_suggest(self) -> None:
        """Show the suggested Waylays, Treasures and Leagues for the seat."""
        seat = self.editable()
        if seat is not None and self.game is not None and not self.busy():
            self.query_one(SuggestionPanel).load(self.game.name, seat.player)

    def action_close_suggestion(self) -> None:
        self.query_one(SuggestionPanel).close()
        self.query_one(CardList).focus()

    def action_apply_suggestion(self) -> None:
        """Store the suggestion for the seat (computed afresh from the stored game)."""
        seat = self.editable()
        if seat is None or self.game is None or self.busy():
            return
        self.sending = True
        self.query_one(SuggestionPanel).apply(self.game.name, seat.player, self.applied,
                                              self.not_applied)

    def applied(self, suggestion: SuggestionSet) -> None:
        self.sending = False
        if self.is_attached:
            self.action_close_suggestion()
            if suggestion.game is not None:
                self.set_game(suggestion.game)
            self.message = applied_markup(suggestion)
            self.render_all()

    def not_applied(self, exc: Exception) -> None:
        self.sending = False
        if self.is_attached:
            self.message = f"[red b]Not applied:[/red b] {esc(str(exc))}"
            self.render_detail()

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        for title, help_text, action, *args in COMMANDS:
            yield SystemCommand(title, help_text, partial(getattr(self, f"action_{action}"),
                                                          *args))
        for section in SECTIONS:
            yield SystemCommand(f"Show {section}", f"The seat's {section} "
                                f"({SECTION_KEYS[section]})",
                                partial(self.action_section, section))
