"""Preparing one game (the deck builder): seat by seat, the player's character, quests and
target, then the Waylays, Treasures and Leagues chosen from the player's own cards.

Meters show the totals the rules computed (``GameView.report.summary``) against their limits and
turn red past them: the Waylays against the target's effective Waylay rating, the Treasures
against the player's own Treasure rating, the Leagues against five per quest (ten in solo
play). Each Waylay shows its odds against the opponent character's icon. The suggestion is one
key away (x shows it, X or enter applies it), and the violations panel lists every rule problem
of the game with its fix.

Every change is stored by ``chronicle.services.games.choose`` in a worker, one at a time: keys
pressed meanwhile are queued and sent next. A refused change keeps the previous selection and
says why.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import esc
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.meter import Meter
from chronicle.tui.widgets.prep import (
    PrepData,
    SuggestionPanel,
    _num,
    dice_of,
    load_prep,
    seat_lists,
    waylay_odds,
)
from chronicle.tui.widgets.violations import ViolationsPanel

if TYPE_CHECKING:
    from chronicle.services.collection import OwnedCard
    from chronicle.services.db import Database
    from chronicle.services.games import GameView, Seat, SuggestionSet
    from chronicle.systems.wyld_hunt.cards import Card, Icon

SECTIONS: tuple[str, ...] = ("quests", "waylays", "treasures", "leagues")
"""The lists a seat chooses, in the order the sections are shown."""
SECTION_KINDS = {"quests": "quest", "waylays": "waylay", "treasures": "merit",
                 "leagues": "league"}
SECTION_KEYS = {"quests": "q", "waylays": "w", "treasures": "t", "leagues": "l"}
EDITING = frozenset({"toggle_card", "copies", "target", "suggest", "apply_suggestion",
                     "seat_character"})
"""Actions that change the setup (hidden once the game has been played)."""
"""The character Attribute each Test type is rolled against (rulebook, Tests and Trials: a
Combat Test pits the character's Might against the Waylay's Combat)."""


class GamePrepScreen(Screen[None]):
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
    GamePrepScreen #prep-side { height: 1fr; padding: 0 1; }
    GamePrepScreen #prep-side.hidden { display: none; }
    GamePrepScreen #prep-side:focus { background: $boost; }
    GamePrepScreen Meter { width: 1fr; }
    GamePrepScreen #prep-odds { height: auto; margin-top: 1; }
    GamePrepScreen #prep-report-title { margin-top: 1; text-style: bold; }
    GamePrepScreen ViolationsPanel { padding: 0; }
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
        Binding("c", "seat_character", "Character of this seat", show=False),
        Binding("x", "suggest", "Suggest"),
        Binding("X", "apply_suggestion", "Apply suggestion", key_display="X", show=False),
        Binding("r", "result", "Result", show=False),
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
        self.rows: list[tuple[str, Card | None, int]] = []
        """The list's rows: card name, the catalog card (if known), copies owned."""
        self.message = ""
        self.suggestion: SuggestionSet | None = None

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
                with VerticalScroll(id="prep-side"):
                    yield Meter("", id="meter-waylays")
                    yield Meter("", id="meter-treasures")
                    yield Meter("", id="meter-leagues")
                    yield Static("", id="prep-odds")
                    yield Static("", id="prep-report-title")
                    yield ViolationsPanel("", id="violations")
                yield SuggestionPanel(id="suggestion")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = self.game_name
        self.render_sections()
        self.query_one(CardList).focus()

    def on_screen_resume(self) -> None:
        self.action_reload()

    # Data ------------------------------------------------------------------------------------

    def action_reload(self) -> None:
        """Load the game, the collections and the icons again."""
        if self.sending:
            return
        name = self.game_name

        def work(db: Database) -> PrepData:
            return load_prep(db, name)

        chronicle_app(self).call_service(work, self.loaded, description="Loading the game",
                                         group="prep-load", exclusive=True)

    def loaded(self, data: PrepData) -> None:
        if not self.is_attached:  # closed while the worker ran
            return
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
            bar.update("This game seats nobody." if self.game else "Loading the game…")
            return
        icon = self.icons.get(seat.player)
        who = f"[b]{esc(seat.player)}[/b]"
        if seat.character:
            who += f" · {esc(seat.character)}"
            if icon is not None:
                who += f" ({esc(icon.name)} M{_num(icon.might)} S{_num(icon.savvy)} " \
                       f"R{_num(icon.resolve)})"
        else:
            who += " [dim](no character)[/dim]"
        if self.game.solo:
            against = " · solo"
        else:
            chosen = self.desired_target.get(seat.player, "")
            target = self.opponent(seat.player)
            if chosen:
                against = f" → waylays [b]{esc(chosen)}[/b] [dim](o)[/dim]"
            elif target:
                against = f" → waylays [b]{esc(target)}[/b] [dim](o)[/dim]"
            else:
                against = " → [yellow]no target yet (o)[/yellow]"
        seats = f"[dim]seat {self.seat_index + 1}/{len(self.game.seats)}[/dim] "
        bar.update(seats + who + against)

    def render_sections(self) -> None:
        parts = []
        for section in SECTIONS:
            title = f"{section.title()} ({SECTION_KEYS[section]})"
            parts.append(f"[reverse b] {title} [/reverse b]" if section == self.section
                         else f" {title} ")
        hint = " [dim]←/→ +/-[/dim]"
        self.query_one("#section-bar", Static).update("".join(parts) + hint)

    def section_rows(self) -> list[tuple[str, Card | None, int]]:
        """The current seat's owned cards of the current section, and chosen cards it does not
        own (so they can be taken out)."""
        from chronicle.systems.wyld_hunt.cards import Merit, MeritType

        seat = self.seat()
        if seat is None:
            return []
        kind = SECTION_KINDS[self.section]
        rows = []
        for owned in self.owned.get(seat.player, []):
            if owned.kind != kind:
                continue
            card = owned.card
            if self.section == "treasures" and isinstance(card, Merit) and \
                    card.type not in (None, MeritType.TREASURE):
                continue
            rows.append((owned.name, card, owned.count))
        known = {name.casefold() for name, _c, _n in rows}
        for name in self.desired.get(seat.player, {}).get(self.section, []):
            if name.casefold() not in known:
                known.add(name.casefold())
                rows.append((name, None, 0))
        return sorted(rows, key=lambda row: (row[0].casefold(), row[0]))

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
        from chronicle.systems.wyld_hunt.cards import League, Merit, Quest, Waylay, card_facts

        if card is None:
            return "not in catalog"
        wide = self.query_one(CardList).widths[3] >= 36
        if isinstance(card, Waylay):
            odds = waylay_odds(card, self.opponent_icon(), self.dice())
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
        from chronicle.systems.wyld_hunt.rules.game import (
            LEAGUES_PER_QUEST,
            SOLO_LEAGUES_PER_QUEST,
        )

        seat = self.seat()
        waylays = self.query_one("#meter-waylays", Meter)
        treasures = self.query_one("#meter-treasures", Meter)
        leagues = self.query_one("#meter-leagues", Meter)
        if self.game is None or seat is None:
            return
        entries = self.entries()
        mine = entries.get(seat.player, {})
        target = self.opponent(seat.player)
        solo = self.game.solo
        if target is not None and target in entries:
            waylays.set("Waylays  ", int(mine.get("waylays_total", 0)),
                        int(entries[target].get("waylay_rating", 0)), under_is_fine=not solo)
        else:
            waylays.set("Waylays  ", int(mine.get("waylays_total", 0)), 0)
            waylays.update("Waylays   [yellow]choose a target (o)[/yellow]")
        treasures.set("Treasures", int(mine.get("treasures_total", 0)),
                      int(mine.get("treasure_rating", 0)), under_is_fine=False)
        per = SOLO_LEAGUES_PER_QUEST if solo else LEAGUES_PER_QUEST
        leagues.set("Leagues  ", int(mine.get("leagues", 0)),
                    per * len(mine.get("quests", [])), under_is_fine=False)
        self.query_one("#prep-odds", Static).update(self.odds_markup(seat))
        report = self.game.report
        title = self.query_one("#prep-report-title", Static)
        title.update(f"Report: {len(report.errors)} error(s), "
                     f"{len(report.warnings)} warning(s)")
        self.query_one(ViolationsPanel).show(report, empty="This setup keeps every rule.")

    def odds_markup(self, seat: Seat) -> str:
        """Each chosen Waylay's odds against the opponent character's icon."""
        from chronicle.systems.wyld_hunt.cards import Waylay

        if self.game is None:
            return ""
        target = self.opponent(seat.player)
        if target is None:
            return "[dim]Odds: choose a target first (o).[/dim]"
        icon = self.icons.get(target)
        character = next((s.character for s in self.game.seats if s.player == target), None)
        against = esc(character or target)
        if icon is not None:
            against += f" ({esc(icon.name)} M{_num(icon.might)} S{_num(icon.savvy)} " \
                       f"R{_num(icon.resolve)})"
        else:
            against += " [dim](no icon known)[/dim]"
        lines = [f"[b]Odds v {against}[/b]"]
        shown = False
        by_name = {name.casefold(): card for name, card, _n in self.all_rows("waylays")}
        for name in seat.waylays:
            card = by_name.get(name.casefold())
            if not isinstance(card, Waylay):
                lines.append(f"{esc(name)}: [dim]unknown card[/dim]")
                continue
            odds = waylay_odds(card, icon, dice_of(self.game.system))
            text = "; ".join(f"{label}: {chance}" for label, chance, _s in odds) or \
                "Test unknown"
            lines.append(f"{esc(name)}\n  {esc(text)}")
            shown = True
        if not shown and not seat.waylays:
            lines.append("[dim]no Waylay chosen yet (w)[/dim]")
        return "\n".join(lines)

    def all_rows(self, section: str) -> list[tuple[str, Card | None, int]]:
        """The current seat's owned cards of ``section``."""
        seat = self.seat()
        if seat is None:
            return []
        kind = SECTION_KINDS[section]
        return [(o.name, o.card, o.count) for o in self.owned.get(seat.player, [])
                if o.kind == kind]

    def render_detail(self) -> None:
        """The card under the cursor in full, and the last message."""
        from chronicle.systems.wyld_hunt.cards import Waylay, card_facts

        detail = self.query_one("#prep-detail", Static)
        lines = []
        current = self.current_row()
        if current is not None:
            name, card, owned = current
            facts = card_facts(card) if card is not None else "not in the catalog"
            lines.append(f"[b]{esc(name)}[/b] [dim](own {owned})[/dim] {esc(facts)}")
            if isinstance(card, Waylay):
                odds = waylay_odds(card, self.opponent_icon(), self.dice())
                lines.append("; ".join(f"{label}: {chance}" for label, chance, _s in odds)
                             or "Test unknown")
        elif self.game is not None and self.seat() is not None:
            seat = self.seat()
            assert seat is not None
            lines.append(f"{esc(seat.player)} owns no {self.section[:-1]} card: record a "
                         "pack in Cards (1, then o).")
        if self.message:
            lines.append(self.message)
        elif self.sending:
            lines.append("[dim]saving…[/dim]")
        detail.update("\n".join(lines))

    def current_row(self) -> tuple[str, Card | None, int] | None:
        index = self.query_one(CardList).cursor
        return self.rows[index] if 0 <= index < len(self.rows) else None

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

    def action_toggle_card(self) -> None:
        """Choose the card under the cursor, or take every copy of it out."""
        seat = self.editable()
        current = self.current_row()
        if seat is None or current is None:
            return
        name = current[0]
        listed = self.desired[seat.player][self.section]
        if self.chosen_count(name):
            listed[:] = [n for n in listed if n.casefold() != name.casefold()]
        else:
            listed.append(name)
        self.changed(seat.player, self.section)

    def action_copies(self, delta: int) -> None:
        """One more copy of the card under the cursor (the rules refuse copies not owned), or
        one fewer."""
        seat = self.editable()
        current = self.current_row()
        if seat is None or current is None:
            return
        name = current[0]
        listed = self.desired[seat.player][self.section]
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

    def action_seat_character(self) -> None:
        """Change the character this seat plays (or play none), until the result is
        recorded (``chronicle.services.mending.seat``)."""
        from chronicle.services.players import PlayerInfo, list_players

        seat = self.editable()
        if seat is None or self.busy():
            return
        player = seat.player

        def chosen(info: list[PlayerInfo]) -> None:
            from chronicle.tui.screens.pick import PickScreen

            mine = next((p.characters for p in info if p.name == player), [])
            choices: list[tuple[str, str]] = [(name, name) for name in mine]
            choices.append(("no character (no chronicle gets this game)", ""))
            self.app.push_screen(PickScreen(f"{player} plays", "enter chooses · esc keeps "
                                            "the seat as it is", choices,
                                            seat.character or ""),
                                 lambda picked: self.reseat(player, picked))

        chronicle_app(self).call_service(list_players, chosen, description="Loading players")

    def reseat(self, player: str, character: str | None) -> None:
        from chronicle.services.mending import seat

        if character is None or self.game is None:
            return
        name, version = self.game.name, self.game.version

        def work(db: Database) -> GameView:
            return seat(db, name, player, character or None, expected_version=version)

        def done(_game: GameView) -> None:
            self.message = f"{esc(player)} now plays {esc(character or 'no character')}."
            self.action_reload()

        chronicle_app(self).call_service(work, done, description=f"Seating {player}")

    def changed(self, player: str, field: str) -> None:
        """Show a change at once and queue it for the database."""
        self.dirty.setdefault(player, set()).add(field)
        self.message = ""
        self.refresh_rows()
        self.render_seat_bar()
        self.flush()

    def flush(self) -> None:
        """Send the next queued change, unless one is on its way."""
        from chronicle.services.games import choose

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
        self.close_panel()
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
        side = self.query_one("#prep-side", VerticalScroll)
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

    def busy(self) -> bool:
        """True (and says so) while a change is on its way."""
        if self.sending or any(self.dirty.values()):
            self.notify("Saving the last change; try again in a moment.")
            return True
        return False

    def action_suggest(self) -> None:
        """Show the suggested Waylays, Treasures and Leagues for the seat."""
        from chronicle.services.games import suggest_for

        seat = self.editable()
        if seat is None or self.game is None or self.busy():
            return
        name, player = self.game.name, seat.player

        def work(db: Database) -> SuggestionSet:
            return suggest_for(db, name, player)

        chronicle_app(self).call_service(work, self.suggested,
                                         description=f"Suggesting for {player}")

    def suggested(self, suggestion: SuggestionSet) -> None:
        if not self.is_attached:  # closed while the worker ran
            return
        self.suggestion = suggestion
        panel = self.query_one(SuggestionPanel)
        panel.show(suggestion)
        self.query_one("#prep-side").add_class("hidden")
        panel.focus()

    def action_close_suggestion(self) -> None:
        self.close_panel()
        self.query_one(CardList).focus()

    def close_panel(self) -> None:
        self.query_one(SuggestionPanel).remove_class("shown")
        self.query_one("#prep-side").remove_class("hidden")

    def action_apply_suggestion(self) -> None:
        """Store the suggestion for the seat (computed afresh from the stored game)."""
        from chronicle.services.games import suggest_for

        seat = self.editable()
        if seat is None or self.game is None or self.busy():
            return
        name, player = self.game.name, seat.player
        self.sending = True

        def work(db: Database) -> SuggestionSet:
            return suggest_for(db, name, player, apply=True)

        def done(suggestion: SuggestionSet) -> None:
            self.sending = False
            if not self.is_attached:
                return
            self.action_close_suggestion()
            if suggestion.game is not None:
                self.set_game(suggestion.game)
            self.message = (f"Applied: {len(suggestion.waylays.cards)} Waylays, "
                            f"{len(suggestion.treasures.cards)} Treasures, "
                            f"{len(suggestion.leagues.cards)} Leagues for {esc(player)}.")
            self.render_all()

        def failed(exc: Exception) -> None:
            self.sending = False
            if not self.is_attached:
                return
            self.message = f"[red b]Not applied:[/red b] {esc(str(exc))}"
            self.render_detail()

        chronicle_app(self).call_service(work, done, description=f"Applying the suggestion "
                                         f"for {player}", failed=failed)

    # The result ------------------------------------------------------------------------------

    def action_result(self) -> None:
        """Record who completed which quests."""
        from chronicle.tui.screens.game_result import GameResultScreen

        if self.game is None or self.busy():
            return
        self.app.push_screen(GameResultScreen(self.game.name), self.result_closed)

    def result_closed(self, recorded: bool | None) -> None:
        if recorded:
            self.dismiss(None)

    def action_print_game(self) -> None:
        """Write the game-preparation sheet (PDF)."""
        from chronicle.services.exports import export_game
        from chronicle.tui.screens.exporting import export_file, exports_folder

        name = self.game.name if self.game is not None else self.game_name
        export_file(self, "game sheet",
                    lambda db, force, warn: export_game(db, name, force=force,
                                                        folder=exports_folder(), warn=warn))

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("Print the game sheet", "Quests, ratings and choices, as a PDF (p)",
                            self.action_print_game)
        yield SystemCommand("Toggle card", "Choose the card under the cursor, or take it out "
                            "(space)", self.action_toggle_card)
        yield SystemCommand("One more copy", "Add a copy of the card under the cursor (+)",
                            lambda: self.action_copies(1))
        yield SystemCommand("One copy fewer", "Take a copy of the card under the cursor out (-)",
                            lambda: self.action_copies(-1))
        yield SystemCommand("Next seat", "Prepare the next player (tab or ])",
                            lambda: self.action_seat(1))
        yield SystemCommand("Previous seat", "Prepare the previous player (shift+tab or [)",
                            lambda: self.action_seat(-1))
        for section in SECTIONS:
            yield SystemCommand(f"Show {section}", f"The seat's {section} "
                                f"({SECTION_KEYS[section]})",
                                partial(self.action_section, section))
        yield SystemCommand("Change the seat's character", "Which character this player "
                            "plays in this game (c)", self.action_seat_character)
        yield SystemCommand("Change target", "Whose quests this player's Waylays oppose (o)",
                            self.action_target)
        yield SystemCommand("Suggest cards", "Waylays, Treasures and Leagues from the player's "
                            "own cards, explained (x)", self.action_suggest)
        yield SystemCommand("Apply the suggestion", "Store the suggested cards for this seat "
                            "(X)", self.action_apply_suggestion)
        yield SystemCommand("Scroll the report", "Move between the list and the report (v)",
                            self.action_report)
        yield SystemCommand("Record result", "Who completed which quests (r)",
                            self.action_result)
        yield SystemCommand("Back to the games", "Close this game (esc)", self.action_back)
