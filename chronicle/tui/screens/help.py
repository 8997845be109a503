"""The help screen: what each part of the app does and its keys."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

HELP = """\
# Arcadia Chronicle

**1** Cards · **2** Characters · **3** Games · **ctrl+p** every command · **?** this help ·
**ctrl+t** light/dark · **ctrl+q** quit. The mouse works too, but is never needed.

## Cards (1)
The whole catalog with the chosen player's owned counts. Type to search (**/**); add filters
to the words: `kind:merit` `type:ability` `set:wyld-hunt` `court:seelie` `attribute:might`
`cost:2-3` `rating:3+` `terrain:forest`, and `owned` or `user` for owned or your own cards.
**+**/**-** change the owned count in place, **p** shows the next player, **o** opens a pack
(15 cards, completed from the catalog as you type), **e** fills in a card's unknown values
from your physical card, **n** creates a card. Grey rows have unknown values.

## Characters (2)
Each player's characters. The builder walks icon, Merits and Flaws (from the player's own
cards), court and identity, with the points meter, the court tally and every rule problem with
its fix. The character view shows the sheet and the chronicle; record a game, spend
experience (only purchases you can afford are offered), undo the latest event (it stays in the
history, marked undone), export the character file.

## Games (3)
The games, with each seat's character, target and cards. **enter** prepares a game (or shows
a played game's result), **n** creates one, **r** records a result.

Preparing: **tab**/**]** and **shift+tab**/**[** switch seats; **q** **w** **t** **l** (or
**←**/**→**) show Quests, Waylays, Treasures or Leagues from the player's own cards;
**space**/**enter** toggles a card, **+**/**-** a copy; **o** changes whom this player
waylays. Meters turn red past the limits: Waylays against the target's effective rating,
Treasures against the player's own, Leagues against five per quest (ten in solo play). Each
Waylay shows its odds against the opponent's attribute. **x** shows the suggestion and why,
**X** applies it. The report lists every rule problem with its fix.

Recording a result: **space** marks a quest completed (numbered in the order completed),
**s** records it into every seated character's chronicle at once.

## The rules
Every change is checked by the rules engine; what it refuses is never written, and the message
says what to do. Codes and their rulebook passages are in `docs/rules.md`.
"""


class HelpScreen(ModalScreen[None]):
    """Keys and how things work."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "close",
                                                     "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="help"):
            yield Markdown(HELP)

    def action_close(self) -> None:
        self.dismiss(None)
