"""The Tales of Arcadia force builder: army lists and units on the left (search as you type),
the battle force on the right with a points meter against its limit, the rules' live
violations, what still fits in the points left, and each line's attack odds against a chosen
enemy unit.

Every edit is saved at once through the services (checked by the rules, one transaction); an
edit the rules refuse is shown and nothing changes. Keys: enter adds the highlighted unit,
``x`` removes the highlighted line, ``+``/``-`` change its count, ``o`` takes or drops an
option, ``v`` picks its variant, ``e`` makes the highlighted unit the enemy for the odds, ``f``
opens another force, ``n`` starts one, ``c`` copies it (another name, another limit), ``r``
renames it, ``del`` deletes it after a confirmation, ``b`` lists the group's battles (enter
undoes one, after a confirmation: the history keeps it, marked undone), ``u`` enters a new
unit, ``/`` searches, escape goes back. Rename, copy, delete and undo go through the same
services as ``chronicle force rename|copy|delete`` and ``chronicle battle undo``; a name the
services refuse keeps its dialog open with the reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from chronicle.tui.text import clean, plain
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.meter import Meter

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.tales_of_arcadia.browse import UnitRow
    from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog
    from chronicle.systems.tales_of_arcadia.force import RosterLine
    from chronicle.systems.tales_of_arcadia.service import BattleEntry, ForceView

class TalesBuilderScreen(Screen[None]):
    """The battle-force builder (the game's "main" screen)."""

    DEFAULT_CSS = """
    TalesBuilderScreen #toa-panes { height: 1fr; }
    TalesBuilderScreen #toa-browser, TalesBuilderScreen #toa-force { width: 1fr; }
    TalesBuilderScreen OptionList, TalesBuilderScreen CardList { height: 1fr; }
    TalesBuilderScreen #toa-lines { height: 2fr; }
    TalesBuilderScreen .toa-notes { height: auto; max-height: 8; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("slash", "search", "Search"),
        Binding("x", "remove", "Remove"),
        Binding("plus,equals_sign", "count(1)", "+1", show=False),
        Binding("minus", "count(-1)", "-1", show=False),
        Binding("o", "option", "Option"),
        Binding("v", "variant", "Variant"),
        Binding("e", "enemy", "Enemy"),
        Binding("f", "open_force", "Forces"),
        Binding("n", "new_force", "New force"),
        Binding("c", "copy_force", "Copy"),
        Binding("r", "rename_force", "Rename"),
        Binding("delete", "delete_force", "Delete", key_display="del"),
        Binding("b", "battles", "Battles"),
        Binding("u", "new_unit", "New unit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.catalog: TalesCatalog | None = None
        self.rows: list[UnitRow] = []
        self.shown: list[UnitRow] = []
        self.view: ForceView | None = None
        self.enemy: UnitRow | None = None

    def compose(self) -> ComposeResult:
        yield Label("Tales of Arcadia · loading the army lists…", id="toa-title")
        yield Meter(id="toa-meter")
        with Horizontal(id="toa-panes"):
            with Vertical(id="toa-browser"):
                yield Input(placeholder="search units: name, army, type, keyword",
                            id="toa-search")
                yield CardList([40], id="toa-units")
            with Vertical(id="toa-force"):
                yield OptionList(id="toa-lines")
                yield Static("", id="toa-violations", classes="toa-notes")
                yield Static("", id="toa-fits", classes="toa-notes")
                yield Static("", id="toa-odds", classes="toa-notes")
        yield Footer()

    # --- loading ---------------------------------------------------------------------------

    @property
    def chronicle(self) -> Any:
        """The app (the Chronicle app: its database and ``call_service``)."""
        return self.app

    def on_mount(self) -> None:
        self.reload()

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

        self.chronicle.call_service(work, self._loaded, description="Open the force builder",
                                    group="force-builder", exclusive=True)

    def _loaded(self, result: tuple[TalesCatalog, ForceView | None]) -> None:
        from chronicle.systems.tales_of_arcadia.browse import unit_rows

        self.catalog, self.view = result
        self.rows = unit_rows(self.catalog)
        self.filter(self.query_one("#toa-search", Input).value)
        self.show_force()

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
            len(shown), lambda index: (clean(shown[index].line()),))

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
        """Leave the builder (back to the list of games)."""
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def action_search(self) -> None:
        self.query_one("#toa-search", Input).focus()

    def action_enemy(self) -> None:
        row = self.highlighted_unit()
        if row is None:
            self.notify("Highlight a unit in the list on the left first.", severity="warning")
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

        self.chronicle.call_service(work, self._changed, description=description)

    def _changed(self, view: ForceView) -> None:
        self.view = view
        self.show_force()

    def highlighted_line(self) -> int | None:
        """The 0-based index of the highlighted force line."""
        index = self.query_one("#toa-lines", OptionList).highlighted
        if self.view is None or index is None or index >= len(self.view.roster.units):
            return None
        return index

    def show_force(self) -> None:
        """Title, meter, lines, violations, what fits and the odds of the force shown."""
        from chronicle.systems.tales_of_arcadia.browse import stat_text
        from chronicle.systems.tales_of_arcadia.rules import what_fits

        title = self.query_one("#toa-title", Label)
        meter = self.query_one("#toa-meter", Meter)
        lines = self.query_one("#toa-lines", OptionList)
        keep = lines.highlighted
        lines.clear_options()
        view = self.view
        if view is None:
            title.update(plain("Tales of Arcadia · no battle force yet: press n to start one"))
            meter.update("")
            self.query_one("#toa-violations", Static).update("")
            self.query_one("#toa-fits", Static).update("")
            return
        s = view.report.summary
        title.update(plain(f"{view.name} · {view.player}'s force · {s['army']}"))
        meter.set("Points", int(s["points_spent"]), int(s["limit"]))
        for number, entry in enumerate(s["units"], start=1):
            name = entry["unit"] + (f" ({entry['variant']})" if entry["variant"] else "")
            cost = "?" if entry["line_cost"] is None else entry["line_cost"]
            options = f" + {', '.join(entry['options'])}" if entry["options"] else ""
            lines.add_option(Option(plain(f"{number}. {entry['count']}× {name}{options} · "
                                          f"{cost} pts · {stat_text(entry)}", lines=False)))
        if lines.option_count:
            lines.highlighted = min(keep or 0, lines.option_count - 1)
        shown = [f"{v.severity.value}: {v.message}" for v in view.report.violations]
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
            odds.update(plain("Odds: highlight a unit on the left and press e to set the enemy."))
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

    def action_option(self) -> None:
        from chronicle.systems.tales_of_arcadia.cards import Unit
        from chronicle.tui.screens.pick import PickScreen

        index = self.highlighted_line()
        if index is None or self.view is None or self.catalog is None:
            return
        line = self.view.roster.units[index]
        card = self.catalog.get(line.unit, "unit")
        if not isinstance(card, Unit) or not card.options:
            self.notify(clean(f"{line.unit} has no options."), severity="warning", markup=False)
            return
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
        from chronicle.systems.tales_of_arcadia.cards import Unit
        from chronicle.tui.screens.pick import PickScreen

        index = self.highlighted_line()
        if index is None or self.view is None or self.catalog is None:
            return
        line = self.view.roster.units[index]
        card = self.catalog.get(line.unit, "unit")
        if not isinstance(card, Unit) or not card.variants:
            self.notify(clean(f"{line.unit} has no variants."), severity="warning",
                        markup=False)
            return
        choices: list[tuple[str, str]] = [("the base unit", "")]
        choices += [(v.name, v.name) for v in card.variants]

        def picked(choice: str | None) -> None:
            if choice is None:
                return
            self.edit(lambda db, view: _set_line(db, view, index, variant=choice or None),
                      "Change the variant")

        self.app.push_screen(PickScreen(f"Variant of {line.unit}", "enter to choose", choices,
                                        line.variant or ""), picked)

    def action_open_force(self) -> None:
        from chronicle.tui.screens.pick import PickScreen

        def work(db: Database) -> list[ForceView]:
            from chronicle.systems.tales_of_arcadia.service import list_forces

            return list_forces(db)

        def listed(found: list[ForceView]) -> None:
            if not found:
                self.notify("No battle forces yet: press n to start one.")
                return
            choices = [(f"{v.name} · {v.player} · {v.roster.army} · "
                        f"{v.report.summary['points_spent']}/{v.roster.limit}",
                        (v.name, v.player)) for v in found]
            self.app.push_screen(PickScreen("Open a battle force", "enter to open", choices),
                                 lambda c: self.reload(*c) if c else None)

        self.chronicle.call_service(work, listed, description="List the battle forces")

    def action_new_force(self) -> None:
        from chronicle.systems.tales_of_arcadia.screens.new_force import NewForceScreen

        row = self.highlighted_unit()
        army = row.unit.army if row is not None else None
        self.app.push_screen(NewForceScreen(army), self._started)

    def _started(self, view: ForceView | None) -> None:
        if view is not None:
            self.view = view
            self.show_force()

    def action_rename_force(self) -> None:
        """Rename the force shown (the dialog stays open while the name is refused)."""
        from chronicle.tui.screens.name_dialog import NameDialog

        view = self.view
        if view is None:
            self.notify("No battle force to rename: press n to start one.", severity="warning")
            return

        def save(db: Database, text: str) -> ForceView:
            from chronicle.systems.tales_of_arcadia.service import rename_force

            return rename_force(db, view.name, text, view.player)

        self.app.push_screen(NameDialog(f"Rename {view.name}", "New name", save,
                                        value=view.name, description="Renaming the force"),
                             self._renamed)

    def _renamed(self, view: ForceView | None) -> None:
        if view is not None:
            self.notify(clean(f"Renamed the force to {view.name}."), markup=False)
            self._started(view)

    def action_copy_force(self) -> None:
        """Copy the force shown under another name, optionally at another limit: ``Iron
        Vanguard 750 @ 750`` ("the same force at 750 points"); checked again at its limit."""
        from chronicle.tui.screens.name_dialog import NameDialog

        view = self.view
        if view is None:
            self.notify("No battle force to copy: press n to start one.", severity="warning")
            return

        def save(db: Database, text: str) -> ForceView:
            from chronicle.errors import BadInput
            from chronicle.systems.tales_of_arcadia.service import copy_force

            name, at, limit = text.rpartition(" @ ") if " @ " in text else (text, "", "")
            try:
                points = int(limit) if at else None
            except ValueError:
                raise BadInput(f"after ' @ ' comes the new point limit, not {limit!r}") from None
            return copy_force(db, view.name, name.strip(), view.player, limit=points)

        self.app.push_screen(NameDialog(
            f"Copy {view.name}", "Name of the copy (add ' @ 750' for another point limit)",
            save, value=f"{view.name} @ {view.roster.limit}", description="Copying the force"),
            self._started)

    def action_delete_force(self) -> None:
        """Delete the force shown, after a confirmation saying what it holds; the battles it
        fought stay in the history."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        view = self.view
        if view is None:
            self.notify("No battle force to delete.", severity="warning")
            return
        s = view.report.summary
        detail = (f"{view.name} ({view.player}'s force) will be deleted for good, or archived "
                  "(restorable) if a battle names it. It holds: "
                  f"{s['unit_count']} unit(s) of {s['army']}, {s['points_spent']} of "
                  f"{s['limit']} points. Battles it fought stay in the history.")

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return

            def work(db: Database) -> str:
                from chronicle.systems.tales_of_arcadia.service import delete_force

                return delete_force(db, view.name, view.player)

            def done(_said: str) -> None:
                self.notify(clean(f"Deleted {view.name}."), markup=False)
                self.view = None
                self.reload()

            self.chronicle.call_service(work, done, description="Deleting the force")

        self.app.push_screen(ConfirmScreen(f"Delete {view.name}?", detail), confirmed)

    def action_battles(self) -> None:
        """The group's battles, newest first; enter on one undoes it after a confirmation."""
        from chronicle.tui.screens.pick import PickScreen

        def work(db: Database) -> list[BattleEntry]:
            from chronicle.systems.tales_of_arcadia.service import list_battles

            return list_battles(db)

        def listed(found: list[BattleEntry]) -> None:
            if not found:
                self.notify("No battles recorded yet ('chronicle battle record').")
                return
            choices = [(_battle_label(entry), entry) for entry in reversed(found)]
            self.app.push_screen(PickScreen("The group's battles", "enter undoes a battle "
                                            "(asks first) · escape goes back", choices),
                                 self._undo_battle)

        self.chronicle.call_service(work, listed, description="List the battles")

    def _undo_battle(self, entry: BattleEntry | None) -> None:
        from chronicle.tui.screens.confirm import ConfirmScreen

        if entry is None:
            return

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return

            def work(db: Database) -> BattleEntry:
                from chronicle.systems.tales_of_arcadia.service import undo_battle

                return undo_battle(db, entry.number)

            self.chronicle.call_service(
                work, lambda done: self.notify(f"Undid battle #{done.number}."),
                description="Undoing the battle")

        self.app.push_screen(ConfirmScreen(
            f"Undo battle #{entry.number}?",
            f"{_battle_label(entry)}. It stays in the history, marked undone; the standings "
            "no longer count it."), confirmed)

    def action_new_unit(self) -> None:
        from chronicle.systems.tales_of_arcadia.screens.unit_form import UnitFormScreen

        row = self.highlighted_unit()
        army = self.view.roster.army if self.view else (row.unit.army if row else None)
        self.app.push_screen(UnitFormScreen(army),
                             lambda saved: self.reload(*self._current()) if saved else None)

    def _current(self) -> tuple[str | None, str | None]:
        return (self.view.name, self.view.player) if self.view else (None, None)


def _battle_label(entry: BattleEntry) -> str:
    """``#3 2026-11-28 · Tim (Iron Vanguard) v Josh · 200 pts · regicide · won by Tim``."""
    battle = entry.battle
    sides = " v ".join(side.player + (f" ({side.force})" if side.force else "")
                       for side in battle.sides)
    result = f"won by {battle.winner}" if battle.winner else "a draw"
    return (f"#{entry.number} {battle.date.isoformat()} · {sides} · {battle.limit} pts · "
            f"{battle.victory.value} · {result}")


def _add_line(db: Database, view: ForceView, line: RosterLine) -> ForceView:
    from chronicle.systems.tales_of_arcadia.service import add_unit

    return add_unit(db, view.name, line, view.player, view.version)


def _set_line(db: Database, view: ForceView, index: int, **changes: Any) -> ForceView:
    from chronicle.systems.tales_of_arcadia.service import set_force

    line = replace(view.roster.units[index], **changes)
    return set_force(db, view.name, view.player, line=index + 1, variant=line.variant,
                     options=line.options, count=line.count, expected_version=view.version)


__all__ = ["TalesBuilderScreen"]
