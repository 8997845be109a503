"""The Hunters of Arcfall score keeper for the table (the app's "Other games", Enter): a large
live scoreboard, the active bounty with its slots, the turn being played entered one key at a
time, the final round flagged as soon as someone reaches the limit, and the winner.

Keys: ``d`` a bounty drawn (its name; Fortune and Fame asked when the catalog lacks it), ``c``
the active bounty captured, ``w``/``W`` a wound more/less, ``h`` a heal, ``a`` the ability,
then ``enter`` stop and claim, ``x`` fatally wounded, ``o`` out of dice; ``u`` takes the last
turn back, ``escape`` clears the turn being entered, ``[``/``]`` the previous/next game, ``g``
a new game, ``p`` prints the score pad and log; ``r`` renames the game shown, ``delete``
deletes it (a game with turns entered is archived, after a confirmation) and ``b`` brings an
archived one back, as ``chronicle hunt rename|delete|restore`` do. Every write goes through the
game's service (the rules check it first); names are data, never markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import clean, plain

if TYPE_CHECKING:
    from pathlib import Path

    from chronicle.services.db import Database
    from chronicle.systems.hunters_of_arcfall.rules.draft import TurnDraft
    from chronicle.systems.hunters_of_arcfall.service import HuntView

LOG_LINES = 6


class HuntScreen(Screen[None]):
    """The score keeper of one game at a time."""

    TITLE = "Hunters of Arcfall"
    DEFAULT_CSS = """
    HuntScreen #hunt-title { height: auto; padding: 0 1; text-style: bold; }
    HuntScreen #hunt-board { height: auto; padding: 0 1; }
    HuntScreen #hunt-banner { height: auto; padding: 0 1; text-style: bold; }
    HuntScreen #hunt-bounty { height: auto; padding: 0 1; }
    HuntScreen #hunt-turn { height: auto; padding: 0 1; border-top: solid $panel; }
    HuntScreen #hunt-log { height: 1fr; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw"),
        Binding("c", "capture", "Capture"),
        Binding("w", "wound(1)", "Wound"),
        Binding("W", "wound(-1)", "Wound -", show=False),
        Binding("h", "heal", "Heal"),
        Binding("a", "ability", "Ability"),
        Binding("enter", "finish('claimed')", "Claim"),
        Binding("x", "finish('wounded')", "Fatal"),
        Binding("o", "finish('no_dice')", "No dice"),
        Binding("u", "undo", "Undo"),
        Binding("escape", "clear", "Clear", show=False),
        Binding("left_square_bracket", "switch(-1)", "Prev game", show=False),
        Binding("right_square_bracket", "switch(1)", "Next game", show=False),
        Binding("g", "new_game", "New game"),
        Binding("p", "print", "Print", show=False),
        Binding("r", "rename", "Rename", show=False),
        Binding("delete", "delete", "Delete", key_display="del", show=False),
        Binding("b", "restore", "Bring back archived", show=False),
        Binding("f5", "reload", "Reload", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.view: HuntView | None = None
        self.names: list[str] = []
        self.draft: TurnDraft | None = None
        self.busy = False
        self.painted: dict[str, Text] = {}
        """What each panel shows now: a panel is repainted only when its text changes."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("Loading games…", id="hunt-title")
            yield Static("", id="hunt-board")
            yield Static("", id="hunt-banner")
            yield Static("", id="hunt-bounty")
            yield Static("", id="hunt-turn")
            yield Static("", id="hunt-log")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.action_reload()

    # Loading -------------------------------------------------------------------------------

    def action_reload(self, name: str | None = None) -> None:
        """Read the games, and show ``name`` (else the one shown, else the newest)."""
        from chronicle.systems.hunters_of_arcfall.service import list_hunts

        wanted = name or (self.view.name if self.view is not None else None)

        def work(db: Database) -> tuple[list[HuntView], list[str]]:
            damaged: list[str] = []
            return list_hunts(db, damaged=damaged), damaged

        def done(found: tuple[list[HuntView], list[str]]) -> None:
            views, damaged = found
            for text in damaged:                # the other games still show
                self.notify(clean(text), severity="error", markup=False, timeout=12)
            self.names = [v.name for v in views]
            chosen = next((v for v in views if v.name == wanted), views[-1] if views else None)
            self.show(chosen)

        chronicle_app(self).call_service(work, done, description="Loading games",
                                         group="hunt", exclusive=True)

    def show(self, view: HuntView | None, said: str = "") -> None:
        """Paint ``view`` and start the next player's turn."""
        if not self.is_attached:
            return
        from chronicle.systems.hunters_of_arcfall.rules.draft import TurnDraft

        self.view = view
        self.busy = False
        if view is None:
            self.put("title", Text("No Hunters of Arcfall game yet: press g to start one."))
            for part in ("board", "banner", "bounty", "turn", "log"):
                self.put(part, Text(""))
            self.draft = None
            return
        state = view.state
        self.draft = None
        if state.next_player is not None and not state.finished:
            player = state.player(state.next_player)
            hunter = view.catalog.get(player.hunter, "hunter")
            wounds = getattr(hunter, "wounds", None) or 3
            self.draft = TurnDraft(player.name, active=state.active_bounty, capacity=wounds,
                                   ability_spent=player.ability_used)
        text = plain(view.name, "bold")
        text.append(f"  ·  first to {view.log.limit} Fortune  ·  round {state.round}"
                    f"  ·  game {self.names.index(view.name) + 1 if view.name in self.names else 1}"
                    f" of {max(1, len(self.names))}", style="dim")
        self.put("title", text)
        self.put("board", self.board())
        self.put("banner", self.banner())
        self.put("log", self.log_text(said))
        self.paint_turn()

    def put(self, part: str, text: Text) -> None:
        """Show ``text`` in the panel ``part`` unless it shows it already."""
        if self.painted.get(part) != text:
            self.painted[part] = text
            self.query_one(f"#hunt-{part}", Static).update(text)

    # Painting ------------------------------------------------------------------------------

    def on_resize(self) -> None:
        if self.view is not None:
            self.put("board", self.board())

    def board(self) -> Text:
        """The scoreboard: Fortune large and first; one line per player in columns sized to
        the screen (drawn as text: a table costs several times more to lay out)."""
        from chronicle.tui.text import fit

        assert self.view is not None
        state = self.view.state
        ranks = state.ranks()
        width = max(60, (self.size.width or 80) - 2)
        players = list(state.players)
        who = min(16, max([6, *(cell_len(clean(p.name)) for p in players)]))
        hunter = min(14, max([6, *(cell_len(clean(p.hunter)) for p in players)]))
        beneath = 10
        rest = max(8, width - (3 + who + hunter + 8 + 5 + 7 + beneath + 7 + 7))
        draft = self.draft
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"{'':3}{fit('Player', who)} {fit('Hunter', hunter)} {'Fortune':>7} "
                    f"{'Fame':>4} {'Wounds':>6} {fit('Claimed', rest)} "
                    f"{fit('Beneath', beneath)} Ability", "bold dim")
        for p in players:
            mark = "▶" if p.name == state.next_player and not state.finished else " "
            leader = p.name == state.winner or p.name in state.tied
            text.append("\n")
            text.append(f"{mark}{ranks[p.name]:<2}", "bold")
            text.append(fit(p.name, who), "bold" if leader else "")
            text.append(" " + fit(p.hunter, hunter) + " ")
            fortune = f"{p.fortune}{'+?' if p.unknown else ''}"
            text.append(f"{fortune:>7}", "bold reverse" if leader else "bold")
            text.append(f" {p.fame:>4} ")
            if draft is not None and draft.player == p.name:     # wounds last a turn
                text.append(f"{f'{draft.wounds}/{draft.capacity}':>6} ",
                            "bold red" if draft.fatal else "")
            else:
                text.append(f"{'-':>6} ")
            claimed = f"{len(p.claimed)}: " + ", ".join(p.claimed) if p.claimed else "-"
            text.append(fit(claimed, rest) + " " + fit(", ".join(p.captured) or "-", beneath)
                        + " ")
            text.append("used" if p.ability_used else "ready",
                        "dim" if p.ability_used else "green")
        return text

    def banner(self) -> Text:
        """The final round as soon as the limit is reached, and the winner at the end."""
        assert self.view is not None
        state = self.view.state
        if state.finished:
            return plain(f"GAME OVER: {state.verdict}", "bold reverse")
        if state.final_round:
            return plain(f"FINAL ROUND: {', '.join(state.limit_reached_by)} reached "
                         f"{self.view.log.limit}; {', '.join(state.still_to_play)} still "
                         "to play", "bold yellow")
        return Text("")

    def paint_turn(self) -> None:
        """The active bounty and the turn being entered."""
        view, draft = self.view, self.draft
        if view is None:
            return
        active = draft.active if draft is not None else view.state.active_bounty
        if active is None:
            self.put("bounty", Text("No active bounty: d draws one.", style="dim"))
        else:
            card = view.catalog.get(active, "bounty")
            slots = getattr(card, "slots", None)
            chevrons = getattr(card, "chevrons", None)
            text = plain(f"Active bounty: {active}", "bold")
            text.append("  slots: " + (" ".join(f"[{r.value}]" for r in slots)
                                       if slots else "unknown"))
            if chevrons:
                text.append(f"  (chevrons on {', '.join(str(n) for n in chevrons)})")
            for label, key in (("Fortune", "fortune"), ("Fame", "fame")):
                value = getattr(card, key, None)
                text.append(f"  {label} {'?' if value is None else value}")
            ability = getattr(card, "ability", None)
            if ability:
                text.append("\n")
                text.append(plain(f"Its rule: {ability}", "italic"))
            self.put("bounty", text)
        if draft is None:
            self.put("turn", Text("The game is over: g starts a new one."
                                  if view.state.finished else "", style="bold"))
            return
        self.put("board", self.board())         # the wounds of the turn being entered
        line = plain(f"{draft.player}'s turn", "bold")
        if draft.fatal:
            line.append("  FATALLY WOUNDED", style="bold red")
        line.append("\n")
        line.append(plain(draft.summary()))
        line.append("\nd draw  c capture  w wound  h heal  a ability  ⏎ claim  x fatal  "
                    "o no dice  u undo", style="dim")
        self.put("turn", line)

    def log_text(self, said: str) -> Text:
        """The last lines of the log, and what the last write did."""
        assert self.view is not None
        text = Text()
        if said:
            text.append(plain(said, "bold"))
            text.append("\n")
        entries = self.view.to_dict()["entries"][-LOG_LINES:]
        for entry in entries:
            undone = f" (undone by {entry['undone_by']})" if entry["undone_by"] else ""
            text.append(plain(f"{entry['entry']:>3}. {entry['text']}{undone}\n"))
        return text

    # The turn ------------------------------------------------------------------------------

    def _step(self, action: Any) -> None:
        from chronicle.systems.hunters_of_arcfall.rules.draft import DraftError

        if self.draft is None or self.busy:
            self.app.bell()
            return
        try:
            action(self.draft)
        except DraftError as exc:
            self.notify(clean(str(exc)), severity="warning", markup=False)
            return
        self.paint_turn()

    def action_draw(self) -> None:
        """Ask which bounty was drawn."""
        if self.draft is None:
            self.app.bell()
            return
        if self.draft.active is not None:
            self._step(lambda d: d.draw("?"))      # says why not
            return
        from chronicle.tui.screens.prompt import PromptScreen

        def drawn(name: str | None) -> None:
            if name:
                self._drawn(name)

        self.app.push_screen(PromptScreen("Bounty drawn", "The bounty's name:"), drawn)

    def _drawn(self, name: str) -> None:
        view = self.view
        if view is None:
            return
        if view.catalog.get(name, "bounty") is not None:
            self._step(lambda d: d.draw(name))
            return
        from chronicle.tui.screens.prompt import PromptScreen

        def worth(answer: str | None) -> None:
            if answer is not None:
                self._enter_bounty(name, answer)

        self.app.push_screen(PromptScreen(
            f"{clean(name)} is not in the catalog",
            "Its Fortune and Fame, from the card (e.g. 3 1):"), worth)

    def _enter_bounty(self, name: str, answer: str) -> None:
        parts = answer.replace(",", " ").split()
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            self.notify("Give two numbers: Fortune then Fame (e.g. 3 1).", severity="warning",
                        markup=False)
            return
        from chronicle.systems.hunters_of_arcfall.service import set_card

        assert self.view is not None
        game = self.view.name
        table = {"name": name, "kind": "bounty", "fortune": int(parts[0]),
                 "fame": int(parts[1])}

        def work(db: Database) -> HuntView:
            return set_card(db, game, table)

        def done(view: HuntView) -> None:
            self.view = view            # the draft goes on: only the catalog changed
            self._step(lambda d: d.draw(name))

        chronicle_app(self).call_service(work, done, description="Entering the bounty",
                                         group="hunt")

    def action_capture(self) -> None:
        self._step(lambda d: d.capture())

    def action_wound(self, count: int) -> None:
        self._step(lambda d: d.wound(count))

    def action_heal(self) -> None:
        self._step(lambda d: d.heal())

    def action_ability(self) -> None:
        self._step(lambda d: d.use_ability())

    def action_clear(self) -> None:
        """Forget the turn being entered."""
        if self.view is not None:
            self.show(self.view)

    def action_finish(self, end: str) -> None:
        """Write the turn (the rules check it first)."""
        from chronicle.systems.hunters_of_arcfall.log import End
        from chronicle.systems.hunters_of_arcfall.service import play_turn

        if self.draft is None or self.view is None or self.busy:
            self.app.bell()
            return
        turn = self.draft.finish(End(end))
        game = self.view.name

        def work(db: Database) -> HuntView:
            return play_turn(db, game, player=turn.player, drawn=turn.drawn,
                             captured=turn.captured, ability=turn.ability, end=turn.end,
                             heals=turn.heals)

        self.busy = True
        chronicle_app(self).call_service(work, self.written, description="Entering the turn",
                                         group="hunt", failed=self._failed)

    def written(self, view: HuntView) -> None:
        """A turn or undo was written: repaint and say what it did."""
        self.show(view, view.said)

    def _failed(self, _exc: Exception) -> None:
        self.busy = False

    def action_undo(self) -> None:
        """Take back the last turn (a compensating entry)."""
        from chronicle.systems.hunters_of_arcfall.service import undo_turn

        if self.view is None or self.busy:
            self.app.bell()
            return
        game = self.view.name

        def work(db: Database) -> HuntView:
            return undo_turn(db, game)

        self.busy = True
        chronicle_app(self).call_service(work, self.written, description="Taking back a turn",
                                         group="hunt", failed=self._failed)

    # Games ---------------------------------------------------------------------------------

    def action_switch(self, step: int) -> None:
        """The previous or next game."""
        if not self.names:
            return
        at = self.names.index(self.view.name) if self.view and self.view.name in self.names \
            else 0
        self.action_reload(self.names[(at + step) % len(self.names)])

    def action_new_game(self) -> None:
        """Ask for a name and the seats, then start the game."""
        from chronicle.domain.limits import name_problem
        from chronicle.tui.screens.prompt import PromptScreen

        def ask(value: str = "") -> None:
            self.app.push_screen(PromptScreen("New game", "The game's name:", value), named)

        def named(name: str | None) -> None:
            if not name:
                return
            problem = name_problem(name, "the game's name")
            if problem is not None:  # said before the seats are asked, not after
                self.notify(problem, title="Not a name", severity="warning")
                ask(name)
                return
            self.app.push_screen(PromptScreen(
                "Seats", "Players and hunters in seating order (Ana:Gus, Bo:Kira):"),
                lambda seats: self._create(name, seats) if seats else None)

        ask()

    def _create(self, name: str, seats_text: str) -> None:
        from chronicle.systems.hunters_of_arcfall.service import new_hunt, parse_seats

        def work(db: Database) -> HuntView:
            from chronicle.systems.hunters_of_arcfall.catalog import load_catalog

            seats = parse_seats([s for s in seats_text.split(",") if s.strip()])
            catalog = load_catalog()
            unknown = [h for _p, h in seats if catalog.get(h, "hunter") is None]
            return new_hunt(db, name, seats, hunters=unknown)   # entered, values unknown

        def done(view: HuntView) -> None:
            self.names.append(view.name)
            self.show(view, view.said)
            lacking = [v.message for v in view.report.warnings
                       if v.code == "collection.not_owned"]
            if lacking:  # the hunter choice is flagged, never refused
                self.notify("Not in the collection: " + "; ".join(lacking[:3]),
                            severity="warning")

        chronicle_app(self).call_service(work, done, description="Starting the game",
                                         group="hunt")

    def action_rename(self) -> None:
        """Rename the game shown (the dialog stays open while the name is refused)."""
        from chronicle.systems.hunters_of_arcfall.service import rename_hunt
        from chronicle.tui.records import rename_record

        if self.view is None or self.busy:
            self.app.bell()
            return
        old = self.view.name

        def renamed(view: HuntView) -> None:
            self.names = [view.name if n == old else n for n in self.names]
            self.show(view, f"{old} is now called {view.name}.")

        rename_record(self, "game", old, lambda db, text: rename_hunt(db, old, text), renamed)

    def action_delete(self) -> None:
        """Delete the game shown after a confirmation: one with turns entered is archived
        (b brings it back), one without goes for good."""
        from chronicle.systems.hunters_of_arcfall.service import delete_hunt
        from chronicle.tui.records import delete_record

        if self.view is None or self.busy:
            self.app.bell()
            return
        name = self.view.name
        at = self.names.index(name) if name in self.names else 0

        def deleted(said: str) -> None:
            self.notify(said[:1].upper() + said[1:] + ".", markup=False)
            self.view = None
            rest = [n for n in self.names if n != name]
            self.action_reload(rest[min(at, len(rest) - 1)] if rest else None)

        delete_record(self, "game", name, len(self.view.state.lines),
                      ("log entry", "log entries"), "b", lambda db: delete_hunt(db, name),
                      deleted)

    def action_restore(self) -> None:
        """Pick an archived game and bring it back."""
        from chronicle.systems.hunters_of_arcfall.service import list_hunts, restore_hunt
        from chronicle.tui.records import bring_back

        def load(db: Database) -> list[tuple[str, str]]:
            return [(f"{v.name} ({', '.join(s.name for s in v.log.seats)})", v.name)
                    for v in list_hunts(db, archived=True, damaged=[])]

        def back(view: HuntView) -> None:
            self.action_reload(view.name)
            self.notify(f"{view.name} is back in the games.", markup=False)

        bring_back(self, "games", load, lambda db, name: restore_hunt(db, name), back)

    def action_print(self) -> None:
        """Write the score pad and the log as a PDF in exports/ in the data folder (asking
        before overwriting one)."""
        from chronicle.systems.hunters_of_arcfall.service import export_pdf
        from chronicle.tui.screens.exporting import export_file, exports_folder

        if self.view is None:
            return
        game = self.view.name

        def write(db: Database, force: bool, warn: Any) -> Path:
            return export_pdf(db, game, force=force, warn=warn, folder=exports_folder())

        export_file(self, "score pad", write)
