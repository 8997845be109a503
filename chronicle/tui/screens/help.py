"""The help screen: the current screen's keys first, then what each part of the app does.

The keys are read from the screen the help was opened over (every binding active there,
hidden ones included), so the help never drifts from the keys themselves.

The text is written in a small subset of Markdown (``#`` headings, ``-`` items, ``**bold**``,
```key```) and drawn as one ``rich.text.Text`` by ``render_help``: Textual's Markdown widget
took over a second and a half to open this page; plain text opens it at once. The general part
is rendered once per process. Screen titles are shown as plain text.
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

from chronicle.tui.text import clean

if TYPE_CHECKING:
    from textual.screen import Screen

HELP = """\
# Arcadia Chronicle

**1** Cards · **2** Characters · **3** Games · **4** Players · **5** Other games ·
**ctrl+p** every command
(type what you want: "pdf", "player", "undo") · **?** this help · **ctrl+t** light/dark (kept
for next time) · **ctrl+q** quit. The mouse works too, but is never needed. Letter keys act
only outside text fields; a word typed by mistake outside a field is ignored after its first
letter.

## Players (4)
Everyone in the play group with their cards, characters and games: **a** adds a player,
**r** renames, **delete** removes one (only when nothing refers to them), **enter** shows
their collection in Cards.

## Cards (1)
The whole catalog with the chosen player's owned counts. Type to search (**/**); add filters
to the words: `kind:merit` `type:ability` `set:wyld-hunt` `court:seelie` `attribute:might`
`cost:2-3` `rating:3+` `terrain:forest`, `owned` or `user` for owned or your own cards, and
`missing` for the cards the catalog lacks values for.
**+**/**-** change the owned count in place, **p** shows the next player, **o** opens a pack
(15 cards, completed from the catalog as you type), **e** fills in a card's unknown values
from your physical card, **n** creates a card. Grey rows have unknown values.

## Characters (2)
Each player's characters. The builder walks icon, Merits and Flaws (from the player's own
cards), court and identity, with the points meter, the court tally and every rule problem with
its fix. The character view shows the sheet and the chronicle; record a game, spend
experience (only purchases you can afford are offered), undo the latest event (it stays in the
history, marked undone), export the character file. On the list, **r** renames a character,
**delete** deletes one never played; one whose chronicle has begun is archived instead (hidden,
its cards free again) after saying what it holds, and **u** brings an archived one back.

## Games (3)
The games, with each seat's character, target and cards. **enter** prepares a game (or shows
a played game's result), **n** creates one, **r** records a result, **e** renames one,
**delete** deletes a prepared game (a played one is archived: the chronicles keep it) and **u**
brings an archived game back. Until the result is recorded, a game's preparation changes its
seats: **c** the seat's character, **a** seats another player, **delete** takes the seat away
(never the last one).

Preparing: **tab**/**]** and **shift+tab**/**[** switch seats; **q** **w** **t** **l** (or
**←**/**→**) show Quests, Waylays, Treasures or Leagues from the player's own cards;
**space**/**enter** toggles a card, **+**/**-** a copy; **o** changes whom this player
waylays. Meters turn red past the limits: Waylays against the target's effective rating,
Treasures against the player's own, Leagues against five per quest (ten in solo play). Each
Waylay shows its odds against the opponent's attribute. **x** shows the suggestion and why,
**X** applies it. The report lists every rule problem with its fix.

Recording a result: **space** marks a quest completed (numbered in the order completed),
**s** records it into every seated character's chronicle at once.

## Other games (5)
The other installed games (`chronicle systems` lists them): **enter** opens a game's own
screen; a game marked "command line only" is played with the commands shown beside it.

## The rules
Every change is checked by the rules engine; what it refuses is never written, and the message
says what to do. Codes and their rulebook passages are in `docs/rules.md`.
"""


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
def general_help() -> Text:
    """The general part of the help, rendered once."""
    return render_help(HELP)


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
            if self.keys:
                yield Static(render_help(self.keys), id="help-keys")
            yield Static(general_help(), id="help-general")

    def on_mount(self) -> None:
        self.query_one("#help", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
