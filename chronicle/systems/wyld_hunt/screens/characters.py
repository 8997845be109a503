"""The characters screen (mode "characters"): every player's characters grouped per player, one
line each with icon, court, experience earned and unspent, Waylay bonus and what the rules say
(valid, or how many errors).

Enter opens the character view, ``n`` creates a character and opens the builder, ``b`` opens
the builder of the highlighted character, ``r`` renames it, ``delete`` deletes it (or archives
it when its chronicle has begun, after saying what it holds), ``u`` brings back an archived one
and ``f5`` reloads. Everything comes from the services in a worker each time the screen comes
back to the front, so changes made elsewhere show at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from chronicle.systems.wyld_hunt.services.chronicles import characters_of
from chronicle.tui.screens.base import chronicle_app, kept_row, kept_screen
from chronicle.tui.text import fit
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.services.players import PlayerInfo
    from chronicle.systems.wyld_hunt.services.characters import CharacterView

WIDTHS = (14, 13, 9, 7, 5)
"""Columns of a character line: name (at least; it takes the room left), icon, court,
experience earned/unspent, Waylay bonus; the rules last."""
RULES_WIDTH = 9

EMPTY = ("[b]No players yet.[/b]\n\n"
         "Characters are built from their player's own cards. Press [b]1[/b] for Cards, then "
         "[b]a[/b] to add a player and [b]o[/b] to record the cards of a pack they opened, or "
         "[b]d[/b] there to load the rulebook's example play group (demo data).\n\n"
         "Come back here with [b]2[/b] and press [b]n[/b] to create a character.")


@dataclass(frozen=True)
class Entry:
    """A character line of the list: whose it is and its name."""

    player: str
    name: str


def cell(text: str, width: int) -> str:
    """``text`` cut or padded to ``width`` terminal cells."""
    return fit(text, width)


def widths_for(total: int) -> tuple[int, ...]:
    """The column widths for a list ``total`` cells wide: the name takes what is left."""
    fixed = sum(WIDTHS[1:]) + len(WIDTHS) + RULES_WIDTH
    return (max(WIDTHS[0], total - fixed), *WIDTHS[1:])


def character_line(view: CharacterView, widths: tuple[int, ...] = WIDTHS) -> Text:
    """The list line of one character."""
    summary = view.report.summary
    court = str(summary.get("court") or "undecided")
    parts = [view.name, str(summary.get("icon") or "no icon"), court,
             f"{summary.get('xp_earned', 0)}/{summary.get('xp_unspent', 0)}",
             f"+{summary.get('waylay_bonus', 0)}"]
    line = Text(" ".join(cell(p, w) for p, w in zip(parts, widths, strict=True)) + " ")
    errors = len(view.report.errors)
    if errors:
        line.append(f"{errors} error{'s' if errors != 1 else ''}", style="bold red")
    else:
        line.append("valid", style="green")
    return line


def unread_line(name: str, widths: tuple[int, ...] = WIDTHS) -> Text:
    """The list line of a character not read yet (``CharactersScreen.fetch_shown``)."""
    return Text(cell(name, widths[0]) + " …", style="dim")


PAGE = 60
"""How many characters the list reads at a time, around those on screen."""


def header_line(widths: tuple[int, ...] = WIDTHS) -> str:
    """The column titles above the list."""
    titles = ["character", "icon", "court", "xp/unsp", "bonus"]
    return " ".join(cell(t, w) for t, w in zip(titles, widths, strict=True)) + " rules"


class CharacterList(OptionList):
    """The characters, grouped under their players (group titles cannot be highlighted)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Open", show=True),
        Binding("k", "cursor_up", "Up", show=False),
        Binding("j", "cursor_down", "Down", show=False),
    ]

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Scrolled: the characters now in sight are read (``CharactersScreen.fetch_shown``)."""
        super().watch_scroll_y(old_value, new_value)
        if not self.is_attached:
            return
        screen = self.screen
        if isinstance(screen, CharactersScreen) and int(old_value) != int(new_value):
            screen.fetch_shown()


class CharactersScreen(Screen[None]):
    """Each player's characters."""

    TITLE = "Characters"
    DEFAULT_CSS = """
    CharactersScreen #characters-header { height: 1; color: $text-muted; text-style: bold;
                                          padding: 0 1; }
    CharactersScreen CharacterList { height: 1fr; border: none; padding: 0 1; }
    CharactersScreen CharacterList:focus { border: none; }
    CharactersScreen #characters-empty { height: 1fr; padding: 1 2; }
    CharactersScreen #characters-status { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New", tooltip="Create a character and build it"),
        Binding("b", "build", "Builder"),
        Binding("r", "rename", "Rename"),
        Binding("delete", "delete", "Delete", key_display="del"),
        Binding("u", "restore", "Bring back archived", show=False),
        Binding("f5", "reload", "Reload", show=False),
        Binding("i", "import_file", "Import", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.players: list[PlayerInfo] = []
        self.views: list[CharacterView] = []
        """The characters read so far (those around the ones shown: ``fetch_shown``)."""
        self.entries: dict[str, Entry] = {}
        self.pending: set[Entry] = set()
        """The characters being read (``fetch_shown``)."""
        self.loaded = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(Text(header_line()), id="characters-header")
        yield CharacterList(id="characters")
        yield Static(EMPTY, id="characters-empty")
        yield Static("Loading characters…", id="characters-status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#characters-empty").display = False
        self.query_one(CharacterList).focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def prebuilt(self) -> None:
        """Built in idle time (``ChronicleApp._prebuild``): load once, so the first showing
        only refreshes."""
        self.reload()

    def on_resize(self) -> None:
        if self.loaded:
            self.loaded_data((self.players, self.views))

    # Data ------------------------------------------------------------------------------------

    def reload(self) -> None:
        """Ask the services for every player (with their characters' names) and the characters
        around the highlighted one (``PAGE``); the others are read when scrolled to
        (``fetch_shown``): reading every character of a large group took seconds."""
        from chronicle.services.players import list_players
        from chronicle.systems.wyld_hunt.services.characters import some_characters

        current = self.current()

        def work(db: Database) -> tuple[list[PlayerInfo], list[CharacterView]]:
            players = list_players(db)
            order = [Entry(p.name, n) for p in players for n in characters_of(p)]
            at = order.index(current) if current in order else 0
            start = max(0, min(at - PAGE // 2, len(order) - PAGE))
            return players, some_characters(db, [(e.player, e.name)
                                                 for e in order[start:start + PAGE]])

        self.pending = set()
        chronicle_app(self).call_service(work, self.loaded_data,
                                         description="Loading characters",
                                         group="characters-list", exclusive=True)

    def loaded_data(self, result: tuple[list[PlayerInfo], list[CharacterView]]) -> None:
        """Show what ``reload`` found, keeping the cursor on the same character (or, when it
        is gone or its player was renamed, on the same row); the characters not read yet show
        their name until they are (``fetch_shown``)."""
        current = self.current()
        shown = self.query_one(CharacterList).highlighted_option
        before = list(self.entries)
        position = before.index(shown.id) if shown is not None and shown.id in before else 0
        self.players, self.views = result
        self.loaded = True
        read = {Entry(v.player, v.name): v for v in self.views}
        listing = self.query_one(CharacterList)
        empty = not self.players
        listing.display = not empty
        self.query_one("#characters-header").display = not empty
        self.query_one("#characters-empty").display = empty
        widths = self.widths()
        self.query_one("#characters-header", Static).update(Text(header_line(widths)))
        options: list[Option] = []
        self.entries = {}
        for player in self.players:
            held = characters_of(player)
            count = len(held)
            title = Text(f"{player.name}", style="bold")
            title.append(f"  {player.cards} cards, {count} character"
                         f"{'s' if count != 1 else ''}", style="dim")
            options.append(Option(title, id=f"p{len(options)}", disabled=True))
            for name in held:
                key = f"c{len(options)}"
                entry = self.entries[key] = Entry(player.name, name)
                view = read.get(entry)
                options.append(Option(character_line(view, widths) if view is not None
                                      else unread_line(name, widths), id=key))
            if not held:
                options.append(Option(Text("  no characters yet: n creates one", style="dim"),
                                      id=f"e{len(options)}", disabled=True))
        listing.set_options(options)
        if not empty and self.focused is None:
            listing.focus()
        keys = list(self.entries)
        if keys:
            chosen = keys[kept_row(list(self.entries.values()), current, position)]
            listing.highlighted = listing.get_option_index(chosen)
        self.show_status()
        self.call_after_refresh(self.fetch_shown)

    def widths(self) -> tuple[int, ...]:
        """The columns' widths at the list's width now."""
        listing = self.query_one(CharacterList)
        return widths_for(listing.scrollable_content_region.width or self.size.width - 4)

    def show_status(self) -> None:
        """How many characters and players; how many are not valid, once all are read."""
        count = sum(len(characters_of(p)) for p in self.players)
        status = (f"{count} character{'s' if count != 1 else ''} of {len(self.players)} "
                  f"player{'s' if len(self.players) != 1 else ''}")
        invalid = sum(1 for v in self.views if not v.report.valid)
        if invalid and len(self.views) == count:
            status += f" · {invalid} not valid yet (b opens the builder)"
        self.query_one("#characters-status", Static).update("" if not self.players else status)

    def fetch_shown(self) -> None:
        """Read the characters on screen (and a page around them) not read yet, then show
        their lines."""
        from chronicle.systems.wyld_hunt.services.characters import some_characters

        if not (self.loaded and self.is_attached):
            return
        listing = self.query_one(CharacterList)
        top = int(listing.scroll_offset.y)
        ids = [listing.get_option_at_index(i).id
               for i in range(max(0, top - PAGE // 4),
                              min(listing.option_count, top + listing.size.height + PAGE // 2))]
        read = {Entry(v.player, v.name) for v in self.views}
        wanted = [self.entries[i] for i in ids if i in self.entries
                  and self.entries[i] not in read and self.entries[i] not in self.pending]
        if not wanted:
            return
        self.pending.update(wanted)

        def work(db: Database) -> list[CharacterView]:
            return some_characters(db, [(e.player, e.name) for e in wanted])

        def done(views: list[CharacterView]) -> None:
            self.pending.difference_update(wanted)
            if not self.is_attached:
                return
            known = {Entry(v.player, v.name) for v in self.views}
            fresh = [v for v in views if Entry(v.player, v.name) not in known]
            self.views.extend(fresh)
            by_entry = {Entry(v.player, v.name): v for v in fresh}
            widths = self.widths()
            for key, entry in self.entries.items():
                if entry in by_entry:
                    listing.replace_option_prompt(key, character_line(by_entry[entry], widths))
            self.show_status()

        chronicle_app(self).call_service(work, done, description="Loading characters",
                                         group="characters-page")

    def current(self) -> Entry | None:
        """The character under the cursor."""
        listing = self.query_one(CharacterList)
        option = listing.highlighted_option
        if option is None or option.id is None:
            return None
        return self.entries.get(option.id)

    def current_or_say(self) -> Entry | None:
        """The character under the cursor, else None, said."""
        entry = self.current()
        if entry is None:
            self.notify("No character here yet: press n to create one.", severity="warning")
        return entry

    def prebuilt_screens(self) -> list[Screen[None]]:
        """The character view and the builder, built ahead in idle time (blank, kept between
        openings), so that even their first opening only refills and shows them."""
        from chronicle.systems.wyld_hunt.screens import builder, character

        found: list[Screen[None]] = []
        app = chronicle_app(self)
        if not app.is_screen_installed(character.KEPT):  # not opened before idle time came
            view, _new = kept_screen(self, character.KEPT, character.CharacterViewScreen,
                                     lambda: character.CharacterViewScreen("", ""))
            view.sample = self.highlighted_view
            found.append(view)
        if not app.is_screen_installed(builder.KEPT):
            build, _new = kept_screen(self, builder.KEPT, builder.BuilderScreen,
                                      lambda: builder.BuilderScreen("", ""))
            build.sample = self.highlighted_view
            found.append(build)
        return found

    def highlighted_view(self) -> CharacterView | None:
        """The character under the cursor as the list read it."""
        entry = self.current()
        return self.view_of(entry) if entry is not None else None

    def view_of(self, entry: Entry) -> CharacterView | None:
        """The character of ``entry`` as the list read it."""
        return next((v for v in self.views if Entry(v.player, v.name) == entry), None)

    # Actions -----------------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        """Open the character view of the highlighted character."""
        from chronicle.systems.wyld_hunt.screens.character import open_character

        entry = self.current_or_say()
        if entry is not None:
            open_character(self, entry.name, entry.player, self.view_of(entry))

    def action_build(self) -> None:
        """Open the builder of the highlighted character."""
        from chronicle.systems.wyld_hunt.screens.builder import open_builder

        entry = self.current_or_say()
        if entry is not None:
            open_builder(self, entry.name, entry.player, self.view_of(entry))

    def action_new(self) -> None:
        """Ask for the player, name and system of a new character, then open the builder."""
        from chronicle.systems.wyld_hunt.screens.new_character import NewCharacterScreen

        if not self.loaded:
            self.notify("Still loading the players…")
            return
        if not self.players:
            self.notify("Add a player first: press 1 for Cards, then a (or d for the demo "
                        "data).", severity="warning")
            return
        entry = self.current()
        self.app.push_screen(NewCharacterScreen([p.name for p in self.players],
                                                entry.player if entry else None),
                             self.created)

    def created(self, view: CharacterView | None) -> None:
        """Open the builder of a character just created."""
        from chronicle.systems.wyld_hunt.screens.builder import open_builder

        if view is None:
            return
        self.notify(f"Created {view.name} for {view.player}. Pick the icon, Merits and Flaws.")
        open_builder(self, view.name, view.player, view)

    def action_reload(self) -> None:
        self.reload()

    # Mending mistakes --------------------------------------------------------------------------

    def action_rename(self) -> None:
        """Rename the highlighted character (the dialog stays open while the name is
        refused)."""
        from chronicle.systems.wyld_hunt.services.characters import rename_character
        from chronicle.tui.screens.name_dialog import NameDialog

        entry = self.current()
        if entry is None:
            self.notify("No character here yet: press n to create one.", severity="warning")
            return

        def save(db: Database, new: str) -> CharacterView:
            return rename_character(db, entry.name, new, player=entry.player)

        def renamed(view: CharacterView | None) -> None:
            if view is not None:
                self.notify(f"{entry.name} is now called {view.name}.")
                self.reload()

        self.app.push_screen(NameDialog(f"Rename {entry.name} ({entry.player})", "New name",
                                        save, value=entry.name,
                                        description="Renaming the character"), renamed)

    def action_delete(self) -> None:
        """Delete the highlighted character: one never played goes for good, one whose
        chronicle has begun is archived; a character seated at a prepared game is refused."""
        from chronicle.services.playermending import Removal
        from chronicle.systems.wyld_hunt.services.chroniclemending import (
            delete_character,
            plan_character_delete,
        )
        from chronicle.tui.mendflows import remove, removed_message

        entry = self.current()
        if entry is None:
            return

        def done(plan: Removal) -> None:
            self.notify(removed_message(plan))
            self.reload()

        remove(self, "the character",
               lambda db: plan_character_delete(db, entry.name, entry.player),
               lambda db, action: delete_character(db, entry.name, entry.player,
                                                   expected=action), done)

    def action_restore(self) -> None:
        """Pick an archived character and bring it back (refused when its cards are now used
        by the player's other characters)."""
        from chronicle.systems.wyld_hunt.services.characters import list_characters
        from chronicle.systems.wyld_hunt.services.chroniclemending import restore_character
        from chronicle.tui.mendflows import pick_archived

        def load(db: Database) -> list[tuple[str, Entry]]:
            return [(f"{v.name} ({v.player})", Entry(v.player, v.name))
                    for v in list_characters(db, archived=True)]

        def restore(db: Database, entry: Entry) -> CharacterView:
            return restore_character(db, entry.name, entry.player)

        def done(view: CharacterView) -> None:
            self.notify(f"{view.name} is back in {view.player}'s characters.")
            self.reload()

        pick_archived(self, "characters", load, restore, done)

    def action_import_file(self) -> None:
        """Create a character, chronicle included, from a character file."""
        from chronicle.tui.screens.prompt import PromptScreen

        self.app.push_screen(PromptScreen("Import a character file",
                                          "Path of the file (its player must exist; the cards "
                                          "it uses are added to the collection)"),
                             self.import_path)

    def import_path(self, text: str | None) -> None:
        from pathlib import Path

        from chronicle.systems.wyld_hunt.services.characters import import_character
        if not text:
            return
        path = Path(text).expanduser()

        def work(db: Database) -> CharacterView:
            return import_character(db, path, own_missing=True)

        def done(view: CharacterView) -> None:
            self.loading = False
            self.notify(f"Imported {view.name} for {view.player} with {len(view.history)} "
                        "event(s).", title="Character imported")
            self.reload()

        def failed(_exc: Exception) -> None:
            self.loading = False

        self.loading = True
        chronicle_app(self).call_service(work, done, description="Importing the character",
                                         failed=failed)

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("Import a character file", "A character and its chronicle from a "
                            "file (i)", self.action_import_file)
        yield SystemCommand("Open character", "The sheet and chronicle of the highlighted "
                            "character (enter)", self.action_open)
        yield SystemCommand("New character", "Create a character and build it (n)",
                            self.action_new)
        yield SystemCommand("Character builder", "Icon, Merits, Flaws, court and identity of "
                            "the highlighted character (b)", self.action_build)
        yield SystemCommand("Rename the character", "Change the highlighted character's name "
                            "(r)", self.action_rename)
        yield SystemCommand("Delete the character", "Delete the highlighted character, or "
                            "archive it when its chronicle has begun (del)", self.action_delete)
        yield SystemCommand("Bring back an archived character", "Restore a character deleted "
                            "after its chronicle began (u)", self.action_restore)
        yield SystemCommand("Reload characters", "Read the characters again (f5)",
                            self.action_reload)
