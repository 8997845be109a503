"""Wyld Hunt's part of the app's help: its areas (Cards, Characters, Games), in the help's
Markdown subset (``chronicle.tui.screens.help``), shown when it is the home system."""

HELP = """\
## Cards (1)
The whole catalog with the chosen player's owned counts. Type to search (**/**); add filters
to the words: `kind:merit` `type:ability` `set:wyld-hunt` `court:seelie` `attribute:might`
`cost:2-3` `rating:3+` `terrain:forest`, `owned` or `user` for owned or your own cards, and
`missing` for the cards the catalog lacks values for.
**+**/**-** change the owned count in place, **p** shows the next player, **o** opens a pack
(15 cards, completed from the catalog as you type), **e** fills in a card's unknown values
from your physical card, **n** creates a card. Grey rows have unknown values. **g** shows the
other installed games' cards, one game at a time or every game together (**g** again for the
next; the app reopens the game shown last; **esc** comes back here).

## Characters (2)
Each player's characters. The builder walks icon, Merits and Flaws (from the player's own
cards), court and identity, with the points meter, the court tally and every rule problem with
its fix. The character view shows the sheet and the chronicle, and each score (Might,
Savvy, Resolve, Combat) base and effective with the Merits and Flaws that change it (a card's
changes are filled in with **e** in Cards); record a game, spend
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

Playing: **p** on a game plays it Day by Day (as `chronicle play`). The first time, the step
line asks who goes first, the Base Camps and the Treasures (`start Josh Tim=Balanvale
"Josh=Balath Castle" Tim:League=Treasure`). Then **m** moves, **w** plays a Waylay, **t** faces
one (`t Manticora 3 3`: your roll, then the Waylay's; left out, they are rolled), **x**
exhausts a Merit (`lost` for a lost Test), **d** discards one, **f** exhausts a Flaw, **p**
picks up a Treasure, **r** rests, **e** ends the Day and **u** undoes the latest step; **enter**
takes the step, **escape** leaves the line. A refused step shows each rule and its fix.

Recording a result: **space** marks a quest completed (numbered in the order completed),
**s** records it into every seated character's chronicle at once.
"""
"""Named by the system's ``help``."""
