"""The help screen: the current screen's keys first, then what each part of the app does (the
home system's areas described by the system's own ``help``).

The keys are read from the screen the help was opened over (every binding active there,
hidden ones included), so the help never drifts from the keys themselves.

The text is written in a small subset of Markdown (``#`` headings, ``-`` items, ``**bold**``,
```key```) and drawn as one ``rich.text.Text`` by ``render_help``: Textual's Markdown widget
took over a second and a half to open this page; plain text opens it at once. The general part
is rendered once per process. Screen titles are shown as plain text. The app keeps one help
screen (built in idle time) and refills its keys at each opening (``show_keys``).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import clean

if TYPE_CHECKING:
    from textual.screen import Screen

INTRO = """\
# Arcadia Chronicle

{keys} ·
**ctrl+p** every command
(type what you want: "pdf", "player", "undo") · **?** this help · **ctrl+t** light/dark (kept
for next time) · **ctrl+q** quit. The mouse works too, but is never needed. Letter keys act
only outside text fields; a word typed by mistake outside a field is ignored after its first
letter.
"""
"""The help's head; ``{keys}`` lists the areas by their number keys."""

PLAYERS = """\
## Players ({key})
Everyone in the play group with their cards, characters and games: **a** adds a player,
**r** renames, **delete** removes one (only when nothing refers to them), **enter** asks
which game and shows their collection of it (the home game's collection in {shown}).
"""

OTHER_GAMES = """\
## Other games ({key})
The other installed games (`chronicle systems` lists them): **enter** opens a game's own
screen; a game marked "command line only" is played with the commands shown beside it.
"""

RULES = """\
## The rules
Every change is checked by the rules engine; what it refuses is never written, and the message
says what to do. Codes and their rulebook passages are in `docs/rules.md`.
"""


def help_source(areas: tuple[tuple[str, str], ...], home: str, shown: str) -> str:
    """The general help: ``areas`` are the app's (mode, title) in key order, ``home`` the home
    system's part (its ``help``), ``shown`` the title of the area where Players' enter shows
    a player."""
    keys = {mode: str(number) for number, (mode, _title) in enumerate(areas, 1)}
    head = INTRO.format(keys=" · ".join(f"**{keys[mode]}** {title}" for mode, title in areas))
    parts = [head, PLAYERS.format(key=keys.get("players", ""), shown=shown), home,
             OTHER_GAMES.format(key=keys.get("other", "")), RULES]
    return "\n".join(part.strip() + "\n" for part in parts if part.strip())


def screen_keys(screen: Screen[Any] | None) -> str:
    """Markdown for the keys of ``screen``: every binding active there, the screen's own
    first, then its focused widget's, then the app's."""
    if screen is None:
        return ""
    app = screen.app
    title = str(screen.title or getattr(screen, "TITLE", "") or "this screen")
    groups: list[list[str]] = [[], [], []]
    seen: set[str] = set()
    for active in screen.active_bindings.values():
        binding = active.binding
        if not binding.description or binding.description in seen:
            continue
        seen.add(binding.description)
        key = app.get_key_display(binding).replace("`", "")
        moving = binding.action.removeprefix("app.") in ("focus_next", "focus_previous")
        rank = 2 if active.node is app else 0 if active.node is screen and not moving else 1
        groups[rank].append(f"- `{key}` {binding.description}")
    lines = [line for group in groups for line in group]
    if not lines:
        return ""
    return f"# Keys here: {title}\n\n" + "\n".join(lines) + "\n\n"


INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`")
"""``**bold**`` and ```key``` inside a line of the help."""


def inline(text: Text, line: str, style: str = "") -> None:
    """Append ``line`` to ``text``, its ``**bold**`` and ```code``` spans styled."""
    at = 0
    for match in INLINE.finditer(line):
        text.append(line[at:match.start()], style=style)
        if match.group(1) is not None:
            text.append(match.group(1), style=f"{style} bold".strip())
        else:
            text.append(match.group(2), style=f"{style} bold reverse".strip())
        at = match.end()
    text.append(line[at:], style=style)


def render_help(source: str) -> Text:
    """The help's Markdown subset as text: headings, items one per line, paragraphs joined
    into one line each (the widget wraps them to the window)."""
    text = Text()
    for block in re.split(r"\n\s*\n", source.strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        if text:
            text.append("\n\n")
        heading = re.match(r"(#+) (.*)", lines[0])
        if heading is not None:
            level = len(heading.group(1))
            text.append(clean(heading.group(2)), style="bold underline" if level == 1
                        else "bold")
            lines = lines[1:]
            if not lines:
                continue
            text.append("\n")
        if all(line.startswith("- ") for line in lines):
            for number, line in enumerate(lines):
                if number:
                    text.append("\n")
                text.append("• ")
                inline(text, clean(line[2:]))
            continue
        inline(text, clean(" ".join(lines)))
    return text


@cache
def general_help(areas: tuple[tuple[str, str], ...], home: str, shown: str) -> Text:
    """The general part of the help (see ``help_source``), rendered once."""
    return render_help(help_source(areas, home, shown))


class HelpScreen(ModalScreen[None]):
    """The current screen's keys, then how things work."""

    DEFAULT_CSS = "HelpScreen #help-keys { margin-bottom: 1; }"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "close",
                                                     "Close")]

    def __init__(self, over: Screen[Any] | None = None) -> None:
        super().__init__()
        self.keys = screen_keys(over)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="help"):
            keys = Static(render_help(self.keys), id="help-keys")
            keys.display = bool(self.keys)
            yield keys
            yield Static(general_help(*chronicle_app(self).help_parts()), id="help-general")

    def on_mount(self) -> None:
        self.query_one("#help", VerticalScroll).focus()

    def show_keys(self, over: Screen[Any] | None) -> None:
        """Show the keys of ``over`` (the app keeps one help and opens it over each screen),
        from the top."""
        keys = screen_keys(over)
        if keys != self.keys:
            self.keys = keys
            shown = self.query_one("#help-keys", Static)
            shown.update(render_help(keys))
            shown.display = bool(keys)
        self.query_one("#help", VerticalScroll).scroll_home(animate=False, immediate=True)

    def action_close(self) -> None:
        self.dismiss(None)
