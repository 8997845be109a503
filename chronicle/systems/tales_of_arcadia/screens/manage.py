"""What the force builder does with whole forces and battles (not a screen: the builder's
base): open, start, rename, copy, archive and bring back a force, record a battle, list the
group's battles and undo one. Each goes through the same services as the command line
(``force new|rename|copy|delete|restore``, ``battle record|list|undo|restore``); archiving
keeps the force (``u`` brings it back), undoing asks first and keeps the battle in the history,
marked undone. Every refusal is said in the app's terms (``fields.said``).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from textual.screen import Screen

from chronicle.errors import ChronicleError
from chronicle.systems.tales_of_arcadia.screens.columns import battle_label
from chronicle.systems.tales_of_arcadia.screens.fields import said
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import clean

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.tales_of_arcadia.browse import UnitRow
    from chronicle.systems.tales_of_arcadia.service import BattleEntry, ForceView
    from chronicle.tui.readyforms import ReadyForms


class ForceActions(Screen[None]):
    """The force and battle actions of the builder (``view`` is the force shown)."""

    QUIET: ClassVar[tuple[type[Exception], ...]] = (ChronicleError,)
    """Refusals the builder says itself, in the app's terms (``refused``)."""
    view: ForceView | None
    ready: ReadyForms
    """The forms built ahead for their next opening (the builder's)."""

    def reload(self, force: str | None = None, player: str | None = None) -> None:
        """Read everything again and show ``force`` (the builder's)."""
        raise NotImplementedError

    def show_force(self) -> None:
        """Show ``view`` (the builder's)."""
        raise NotImplementedError

    def highlighted_unit(self) -> UnitRow | None:
        """The unit under the browser's cursor (the builder's)."""
        raise NotImplementedError

    def refused(self, exc: Exception) -> None:
        """Say a refusal of the services in the app's terms."""
        if isinstance(exc, ChronicleError):
            self.notify(said(exc), title="Not possible", severity="error", timeout=12,
                        markup=False)

    def call(self, work: Any, done: Any, description: str) -> None:
        """Run ``work`` through the services, then ``done``; a refusal is said."""
        chronicle_app(self).call_service(work, done, description=description,
                                         failed=self.refused, quiet=self.QUIET)

    def action_open_force(self) -> None:
        """Pick another of the group's forces."""
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
            self.app.push_screen(PickScreen("Open a battle force", "enter opens · escape goes "
                                            "back", choices),
                                 lambda c: self.reload(*c) if c else None)

        self.call(work, listed, "List the battle forces")

    def action_new_force(self) -> None:
        """Start a force (the army of the highlighted unit, the player of the force shown)."""
        from chronicle.systems.tales_of_arcadia.screens.new_force import NewForceScreen

        row = self.highlighted_unit()
        army = row.unit.army if row is not None else None
        player = self.view.player if self.view is not None else None
        self.app.push_screen(NewForceScreen(army, player), self._started)

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

    def action_archive_force(self) -> None:
        """Archive the force shown, after a confirmation saying what it holds: it leaves the
        lists, nothing of it is erased, ``u`` brings it back; its battles stay."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        view = self.view
        if view is None:
            self.notify("No battle force to archive.", severity="warning")
            return
        s = view.report.summary
        detail = (f"{view.name} ({view.player}'s force) leaves the lists; nothing of it is "
                  "erased and u brings it back. It holds: "
                  f"{s['unit_count']} unit(s) of {s['army']}, {s['points_spent']} of "
                  f"{s['limit']} points. Battles it fought stay in the history.")

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return

            def work(db: Database) -> str:
                from chronicle.systems.tales_of_arcadia.battleservice import archive_force

                return archive_force(db, view.name, view.player)

            def done(_said: str) -> None:
                self.notify(clean(f"Archived {view.name}: u brings it back."), markup=False)
                self.view = None
                self.reload()

            self.call(work, done, "Archiving the force")

        self.app.push_screen(ConfirmScreen(f"Archive {view.name}?", detail), confirmed)

    def action_restore_force(self) -> None:
        """Bring back one of the archived forces."""
        from chronicle.tui.screens.pick import PickScreen

        def work(db: Database) -> list[ForceView]:
            from chronicle.systems.tales_of_arcadia.service import list_forces

            return list_forces(db, archived=True)

        def restore(choice: tuple[str, str | None] | None) -> None:
            if choice is None:
                return

            def back(db: Database) -> ForceView:
                from chronicle.systems.tales_of_arcadia.service import restore_force

                return restore_force(db, *choice)

            def done(view: ForceView) -> None:
                self.notify(clean(f"{view.name} is back in use."), markup=False)
                self._started(view)

            self.call(back, done, "Bringing the force back")

        def listed(found: list[ForceView]) -> None:
            if not found:
                self.notify("No archived battle force to bring back.")
                return
            choices = [(f"{v.name} · {v.player} · {v.roster.army}", (v.name, v.player))
                       for v in found]
            self.app.push_screen(PickScreen("Bring back an archived force",
                                            "enter brings it back · escape goes back", choices),
                                 restore)

        self.call(work, listed, "List the archived forces")

    def action_record_battle(self) -> None:
        """Record a battle (the force shown as the first side)."""
        from chronicle.systems.tales_of_arcadia.screens.battle_form import BattleFormScreen

        def recorded(entry: BattleEntry | None) -> None:
            if entry is not None:
                self.notify(clean(f"Recorded battle {battle_label(entry)}."), markup=False)

        form = self.ready.take("battle", battle_source(self.view))
        self.app.push_screen(form if isinstance(form, BattleFormScreen)
                             else BattleFormScreen(self.view), recorded)

    def action_battles(self) -> None:
        """The group's battles (``battles.BattlesScreen``: u undoes one after asking); an
        archived history is offered back first."""
        from chronicle.systems.tales_of_arcadia.screens.battles import BattlesScreen

        def work(db: Database) -> str | None:
            from chronicle.systems.tales_of_arcadia.service import archived_history

            return archived_history(db)

        def found(archived: str | None) -> None:
            if archived is not None:
                self._restore_history()
                return
            self.app.push_screen(BattlesScreen(self.view))

        self.call(work, found, "List the battles")

    def _restore_history(self) -> None:
        from chronicle.tui.screens.confirm import ConfirmScreen

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return

            def work(db: Database) -> int:
                from chronicle.systems.tales_of_arcadia.service import restore_history

                return restore_history(db)

            self.call(work, lambda count: self.notify(
                f"The battle history is back: {count} battle(s)."), "Bringing the history back")

        self.app.push_screen(ConfirmScreen("Bring back the archived battle history?",
                                           "The group's battle history is archived: y brings "
                                           "it back into use."), confirmed)

    def unit_army(self) -> str | None:
        """The army list a new unit card is of: the force's, else the highlighted unit's."""
        row = self.highlighted_unit()
        return self.view.roster.army if self.view else (row.unit.army if row else None)

    def action_new_unit(self) -> None:
        """Enter a unit card of an army list (the unit form; the one built ahead for that
        army, given the cards as they stand, else a new one)."""
        from chronicle.systems.tales_of_arcadia.screens.unit_form import UnitFormScreen

        army = self.unit_army()
        current = (self.view.name, self.view.player) if self.view else (None, None)
        form = self.ready.take("unit", army)
        if isinstance(form, UnitFormScreen):
            form.renew()
        else:
            form = UnitFormScreen(army)
        self.app.push_screen(form, lambda saved: self.reload(*current) if saved else None)

    def on_unmount(self) -> None:
        self.ready.clear()

    def prepare_forms(self) -> None:
        """Build in idle time the unit form the next ``a`` opens and the battle form of the
        next ``g`` (``readyforms``)."""
        from chronicle.systems.tales_of_arcadia.screens.battle_form import BattleFormScreen
        from chronicle.systems.tales_of_arcadia.screens.unit_form import UnitFormScreen

        army = self.unit_army()
        self.ready.prepare(self.app, [
            ("unit", army, partial(UnitFormScreen, army)),
            ("battle", battle_source(self.view), partial(BattleFormScreen, self.view))])


def battle_source(view: ForceView | None) -> object:
    """What the battle form shows of the force ``view`` as it opens (its first side: the
    force, its player and its point limit), and the day (the battle's date)."""
    import datetime as dt

    return (None if view is None else (view.name, view.player, view.roster.limit),
            dt.date.today())


__all__ = ["ForceActions"]
