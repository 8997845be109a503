"""The Tales of Arcadia force builder: the units of the army lists (search with ``/``) and the
battle force shown, with a points meter against its limit, the rules' live violations, what
still fits in the points left, and each line's attack odds against a chosen enemy unit. Side
by side on a wide window, one above the other below 140 columns; every column of both lists
(name, points, the six statistics, army or options) stays whole at 80 and at 60 columns.

Every edit is saved at once through the services (checked by the rules, one transaction); an
edit the rules refuse is shown and nothing changes. The focus starts on the units list, so the
keys work at once (``n`` on an empty screen starts a force). Keys, as in Wyld Hunt's screens:
enter adds the highlighted unit, ``e`` makes it the enemy for the odds; on the force's lines
``x`` removes one, ``+``/``-`` change its count, ``o`` takes or drops an option, ``v`` picks
its variant; ``n`` starts a force, ``f`` opens another, ``r`` renames, ``c`` copies, ``del``
archives (after a confirmation; ``u`` brings an archived force back), ``g`` records a battle,
``h`` lists the group's battles (``u`` there undoes one after a confirmation), ``a`` enters a new
unit card, ``/`` searches (escape or enter goes back to the list), escape goes back to the
Other games list. The footer shows the keys that fit the window; ``?`` lists them all.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from chronicle.systems.tales_of_arcadia.screens.columns import (
    LINE_TITLES,
    LINE_WIDTHS,
    UNIT_TITLES,
    UNIT_WIDTHS,
    LineList,
    UnitList,
    line_cells,
    unit_cells,
)
from chronicle.systems.tales_of_arcadia.screens.manage import ForceActions
from chronicle.tui.readyforms import ReadyForms
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.screens.dialog import compact
from chronicle.tui.text import clean, plain
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.footer import Footer
from chronicle.tui.widgets.meter import Meter
from chronicle.tui.widgets.narrow import fit_footer

if TYPE_CHECKING:
    from textual import events

    from chronicle.services.db import Database
    from chronicle.systems.tales_of_arcadia.browse import UnitRow
    from chronicle.systems.tales_of_arcadia.cards import Unit
    from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog
    from chronicle.systems.tales_of_arcadia.force import RosterLine
    from chronicle.systems.tales_of_arcadia.service import ForceView

WIDE = 140
"""From this many columns the units and the force stand side by side."""
ROOMY = 80
"""From this many columns the footer also shows ``f`` and ``h``."""
ROOMY_KEYS = ("open_force", "battles")
"""The actions of ``f`` and ``h``."""


class TalesBuilderScreen(ForceActions):
    """The battle-force builder (the game's "main" screen)."""

    TITLE = "Tales of Arcadia"
    PREFETCH: ClassVar[tuple[str, ...]] = (
        "chronicle.systems.tales_of_arcadia.service",
        "chronicle.systems.tales_of_arcadia.stored",
        "chronicle.systems.tales_of_arcadia.browse",
        "chronicle.systems.tales_of_arcadia.rules",
        "chronicle.systems.tales_of_arcadia.screens.new_force",
        "chronicle.systems.tales_of_arcadia.screens.battle_form",
        "chronicle.systems.tales_of_arcadia.screens.battles",
        "chronicle.systems.tales_of_arcadia.screens.unit_form",
        "chronicle.tui.recordflows", "chronicle.tui.screens.confirm", "chronicle.tui.screens.pick",
        "chronicle.tui.screens.name_dialog")
    """What its first opening and its dialogs' import, loaded ahead (``OtherGamesScreen``)."""
    DEFAULT_CSS = """
    TalesBuilderScreen #toa-title { width: 100%; height: auto; max-height: 2; padding: 0 1;
                                    text-style: bold; }
    TalesBuilderScreen #toa-meter { padding: 0 1; }
    TalesBuilderScreen #toa-search { margin: 0 1; }
    TalesBuilderScreen #toa-panes { height: 1fr; layout: vertical; }
    TalesBuilderScreen #toa-panes.-wide { layout: horizontal; }
    TalesBuilderScreen #toa-browser, TalesBuilderScreen #toa-force { width: 1fr; height: 1fr;
                                                                     padding: 0 1; }
    TalesBuilderScreen .toa-header { height: 1; color: $text-muted; text-style: bold; }
    TalesBuilderScreen CardList { height: 1fr; }
    TalesBuilderScreen #toa-lines { min-height: 2; }
    TalesBuilderScreen #toa-notes { height: auto; max-height: 4; }
    TalesBuilderScreen #toa-panes.-wide #toa-notes { height: 1fr; max-height: 100%; }
    TalesBuilderScreen #toa-notes Static { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", show=False),
        Binding("n", "new_force", "New force"),
        Binding("f", "open_force", "Forces"),
        Binding("g", "record_battle", "Battle"),
        Binding("h", "battles", "Battles"),
        Binding("r", "rename_force", "Rename", show=False),
        Binding("c", "copy_force", "Copy", show=False),
        Binding("delete", "archive_force", "Archive", key_display="del", show=False),
        Binding("u", "restore_force", "Bring back archived", show=False),
        Binding("a", "new_unit", "New unit card", show=False),
        Binding("slash", "search", "Search", key_display="/", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.catalog: TalesCatalog | None = None
        self.rows: list[UnitRow] = []
        self.shown: list[UnitRow] = []
        self.view: ForceView | None = None
        self.enemy: UnitRow | None = None
        self.built_ahead = False
        """Built in idle time and not shown yet (``prebuilt``)."""
        self.ready = ReadyForms()

    def compose(self) -> ComposeResult:
        yield Label("Tales of Arcadia · loading the army lists…", id="toa-title")
        yield Meter(id="toa-meter")
        yield compact(Input(placeholder="/ search units: name, army, type, keyword",
                            id="toa-search"))
        with Container(id="toa-panes"):
            with Vertical(id="toa-browser"):
                yield Static("", id="toa-units-header", classes="toa-header")
                yield UnitList(UNIT_WIDTHS, flex=0, id="toa-units")
            with Vertical(id="toa-force"):
                yield Static("", id="toa-lines-header", classes="toa-header")
                yield LineList(LINE_WIDTHS, flex=1, id="toa-lines")
                with VerticalScroll(id="toa-notes"):
                    yield Static("", id="toa-violations")
                    yield Static("", id="toa-fits")
                    yield Static("", id="toa-odds")
        yield Footer(compact=True)

    # --- loading ---------------------------------------------------------------------------

    def on_mount(self) -> None:
        units = self.query_one("#toa-units", UnitList)
        units.set_header(self.query_one("#toa-units-header", Static), UNIT_TITLES)
        self.query_one("#toa-lines", LineList).set_header(
            self.query_one("#toa-lines-header", Static), LINE_TITLES)
        units.focus()
        self.reload()

    def prebuilt(self) -> None:
        """Built in idle time (``OtherGamesScreen.prebuilt_screens``): its data, loaded as it
        was built, is read again when it is first shown (a player renamed meanwhile)."""
        self.built_ahead = True

    def on_screen_resume(self) -> None:
        if self.built_ahead:
            self.built_ahead = False
            self.reload()
        elif self.catalog is not None:  # back from a form: the next one built ahead
            self.prepare_forms()

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#toa-panes").set_class(event.size.width >= WIDE, "-wide")
        # ``f`` and ``h`` show in the footer only when the window has room for them (the
        # help lists every key at every width)
        fit_footer(self, ROOMY_KEYS, event.size.width, wide=ROOMY)

    def reload(self, force: str | None = None, player: str | None = None) -> None:
        """Read the catalog and open ``force`` (default: the first stored force)."""
        def work(db: Database) -> tuple[TalesCatalog, ForceView | None]:
            from chronicle.systems.tales_of_arcadia import service, stored

            stored.clear_cache()
            cards = service.catalog(db)
            if force is not None:
                return cards, service.get_force(db, force, player)
            found = service.list_forces(db)
            return cards, found[0] if found else None

        chronicle_app(self).call_service(work, self._loaded, description="Open the force builder",
                                         group="force-builder", exclusive=True)

    def _loaded(self, result: tuple[TalesCatalog, ForceView | None]) -> None:
        from chronicle.systems.tales_of_arcadia.browse import unit_rows

        self.catalog, self.view = result
        self.rows = unit_rows(self.catalog)
        self.filter(self.query_one("#toa-search", Input).value)
        self.show_force()
        self.prepare_forms()

    # --- the units browser -----------------------------------------------------------------

    @on(Input.Changed, "#toa-search")
    def _typed(self, event: Input.Changed) -> None:
        self.filter(event.value)

    def filter(self, query: str) -> None:
        """Show the units matching ``query`` (every word). The list draws only the rows on
        screen, so a keystroke costs the search and one screenful."""
        from chronicle.systems.tales_of_arcadia.browse import search

        shown = self.shown = search(self.rows, query)
        self.query_one("#toa-units", CardList).set_source(
            len(shown), lambda index: [clean(cell) for cell in unit_cells(shown[index])])

    def highlighted_unit(self) -> UnitRow | None:
        """The unit under the browser's cursor."""
        listing = self.query_one("#toa-units", CardList)
        index = listing.cursor
        return self.shown[index] if listing.count and index < len(self.shown) else None

    @on(Input.Submitted, "#toa-search")
    def _to_units(self) -> None:
        self.query_one("#toa-units", CardList).focus()

    def on_card_list_selected(self, event: CardList.Selected) -> None:
        from chronicle.systems.tales_of_arcadia.force import RosterLine

        if event.card_list.id != "toa-units" or event.index >= len(self.shown):
            return
        row = self.shown[event.index]
        if self.view is None:
            self.notify("Start a force first (n).", severity="warning")
            return
        required = tuple(o.name for o in row.unit.options for _ in range(o.min))
        line = RosterLine(unit=row.unit.name, variant=row.variant, options=required)
        self.edit(lambda db, view: _add_line(db, view, line), f"Add {row.label}")

    def action_back(self) -> None:
        """Leave the search for the list; elsewhere leave the builder (back to the list of
        games)."""
        if self.focused is self.query_one("#toa-search", Input):
            self.query_one("#toa-units", CardList).focus()
            return
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def action_search(self) -> None:
        self.query_one("#toa-search", Input).focus()

    def action_enemy(self) -> None:
        row = self.highlighted_unit()
        if row is None:
            self.notify("Highlight a unit in the units list first.", severity="warning")
            return
        self.enemy = row
        self.show_odds()

    # --- the force -------------------------------------------------------------------------

    def edit(self, change: Any, description: str) -> None:
        """Save ``change(db, view) -> ForceView`` and show the force it returns."""
        view = self.view
        if view is None:
            return

        def work(db: Database) -> ForceView:
            result: ForceView = change(db, view)
            return result

        chronicle_app(self).call_service(work, self._changed, description=description,
                                         failed=self.refused, quiet=self.QUIET)

    def _changed(self, view: ForceView) -> None:
        self.view = view
        self.show_force()

    def highlighted_line(self) -> int | None:
        """The 0-based index of the highlighted force line."""
        listing = self.query_one("#toa-lines", CardList)
        index = listing.cursor
        if self.view is None or not listing.count or index >= len(self.view.roster.units):
            return None
        return index

    def show_force(self) -> None:
        """Title, meter, lines, violations, what fits and the odds of the force shown."""
        from chronicle.rules.report import Severity
        from chronicle.systems.tales_of_arcadia.rules import what_fits
        from chronicle.systems.tales_of_arcadia.screens.fields import app_words
        from chronicle.tui.messages import app_fix

        title = self.query_one("#toa-title", Label)
        meter = self.query_one("#toa-meter", Meter)
        lines = self.query_one("#toa-lines", CardList)
        keep = lines.cursor
        view = self.view
        if view is None:
            lines.set_rows([])
            title.update(plain("Tales of Arcadia · no force yet: n starts one"))
            meter.update("")
            self.query_one("#toa-violations", Static).update("")
            self.query_one("#toa-fits", Static).update("")
            self.show_odds()
            return
        s = view.report.summary
        title.update(plain(f"{view.name} · {view.player}'s force · {s['army']}"))
        meter.set("Points", int(s["points_spent"]), int(s["limit"]))
        lines.set_rows([[clean(cell) for cell in line_cells(number, entry)]
                        for number, entry in enumerate(s["units"], start=1)], keep=keep)
        shown = [f"{v.severity.value}: {v.message}" + (
            f" (fix: {app_words(fix)})" if v.severity is Severity.ERROR
            and (fix := app_fix(v)) else "") for v in view.report.violations]
        self.query_one("#toa-violations", Static).update(
            plain("\n".join(shown) if shown else "No rule is broken."))
        fits = what_fits(view.roster, self.catalog) if self.catalog is not None else []
        left = s["points_unspent"]
        text = (f"{left} points left: " + ", ".join(
            f"{f.name}{f' ({f.variant})' if f.variant else ''} {f.cost}" for f in fits[:8])
            if fits else f"{left} points left: nothing more fits.")
        self.query_one("#toa-fits", Static).update(plain(text))
        self.show_odds()

    def show_odds(self) -> None:
        """Each line's odds against the enemy unit chosen with ``e``."""
        from chronicle.systems.tales_of_arcadia.browse import odds_lines

        odds = self.query_one("#toa-odds", Static)
        if self.enemy is None or self.view is None or self.catalog is None:
            odds.update(plain("Odds: highlight a unit and press e to set the enemy."))
            return
        found = odds_lines(self.view.report.summary["units"], self.enemy, self.catalog)
        odds.update(plain(f"Against {self.enemy.label}:\n" + "\n".join(found or ["no units"])))

    def action_remove(self) -> None:
        index = self.highlighted_line()
        if index is None:
            return

        def change(db: Database, view: ForceView) -> ForceView:
            from chronicle.systems.tales_of_arcadia.service import remove_unit

            return remove_unit(db, view.name, index + 1, view.player, view.version)

        self.edit(change, "Remove a unit")

    def action_count(self, step: int) -> None:
        index = self.highlighted_line()
        if index is None or self.view is None:
            return
        count = self.view.roster.units[index].count + step
        if count < 1:
            self.action_remove()
            return
        self.edit(lambda db, view: _set_line(db, view, index, count=count), "Change the count")

    def line_unit(self, having: str) -> tuple[int, RosterLine, Unit] | None:
        """The highlighted force line, its index and its unit's card, when the card has
        ``having`` ("options", "variants"; else said)."""
        from chronicle.systems.tales_of_arcadia.cards import Unit

        index = self.highlighted_line()
        if index is None or self.view is None or self.catalog is None:
            return None
        line = self.view.roster.units[index]
        card = self.catalog.get(line.unit, "unit")
        if not isinstance(card, Unit) or not getattr(card, having):
            self.notify(clean(f"{line.unit} has no {having}."), severity="warning",
                        markup=False)
            return None
        return index, line, card

    def action_option(self) -> None:
        from chronicle.tui.screens.pick import PickScreen

        found = self.line_unit("options")
        if found is None:
            return
        index, line, card = found
        choices: list[tuple[str, tuple[str, str]]] = []
        for option in card.options:
            taken = sum(1 for name in line.options if name.casefold() == option.name.casefold())
            cost = "?" if option.cost is None else option.cost
            choices.append((f"take {option.name} ({cost} pts, {taken}/{option.max})",
                            ("add", option.name)))
            if taken:
                choices.append((f"drop {option.name}", ("drop", option.name)))

        def picked(choice: tuple[str, str] | None) -> None:
            if choice is None:
                return
            what, name = choice
            options = list(line.options)
            if what == "add":
                options.append(name)
            else:
                options.remove(next(o for o in options if o.casefold() == name.casefold()))
            self.edit(lambda db, view: _set_line(db, view, index, options=options),
                      f"{what.title()} {name}")

        self.app.push_screen(PickScreen(f"Options of {line.unit}", "enter to choose", choices),
                             picked)

    def action_variant(self) -> None:
        from chronicle.tui.screens.pick import PickScreen

        found = self.line_unit("variants")
        if found is None:
            return
        index, line, card = found
        choices: list[tuple[str, str]] = [("the base unit", "")]
        choices += [(v.name, v.name) for v in card.variants]

        def picked(choice: str | None) -> None:
            if choice is None:
                return
            self.edit(lambda db, view: _set_line(db, view, index, variant=choice or None),
                      "Change the variant")

        self.app.push_screen(PickScreen(f"Variant of {line.unit}", "enter to choose", choices,
                                        line.variant or ""), picked)


def _add_line(db: Database, view: ForceView, line: RosterLine) -> ForceView:
    from chronicle.systems.tales_of_arcadia.service import add_unit

    return add_unit(db, view.name, line, view.player, view.version)


def _set_line(db: Database, view: ForceView, index: int, **changes: Any) -> ForceView:
    from chronicle.systems.tales_of_arcadia.service import set_force

    line = replace(view.roster.units[index], **changes)
    return set_force(db, view.name, view.player, line=index + 1, variant=line.variant,
                     options=line.options, count=line.count, expected_version=view.version)


__all__ = ["TalesBuilderScreen"]
