"""Wyld Hunt's rules' fixes said in the app's keys (its areas: Cards on 1, Characters on 2,
Games on 3; its builder's and game preparation's keys). The rules state each fix in the words
of a character or game file (``add icon = "<race> <gender>"``); the app shows the same fix as
keys to press (``chronicle.tui.messages.app_fix`` asks the home game's ``codes`` module for
``app_keys``)."""

from __future__ import annotations

import re

KEYS_BY_CODE: dict[str, str] = {
    "icon.missing": "choose an icon in the builder: i, then a on one",
    "icon.multiple": "keep one icon in the builder: i, then x on the others",
    "court.tie": "choose the court in the builder: c, then pick Seelie or Unseelie",
    "court.overridden": "the tally decides the court: in the builder press c and pick {court}",
    "points.over_budget": "in the builder, m then x drops a Merit; f then a takes a Flaw",
    "points.unspent": "in the builder, m then a adds a Merit",
    "card.unknown": "create it in Cards (1): search its name, then n",
    "card.incomplete": "fill it in from the card in Cards (1): search it, then e",
    "card.wrong_kind": "take it out and add the card of the right kind",
    "card.duplicate": "take the extra copy out (x) unless you mean two",
    "collection.not_owned": "record the card in Cards (1): + on it, or o for a whole pack",
    "collection.shared_copy": "record another copy in Cards (1): + on it",
    "quest.none": "choose {who} quests: q, then space on a quest",
    "setup.opponents": "o changes whom each player waylays",
    "setup.waylays_over_rating": "w, then space takes a Waylay out",
    "setup.solo_waylays_under_rating": "w, then space adds a Waylay",
    "setup.solo_waylays_excess": "w, then space takes a Waylay out",
    "setup.treasures_over_rating": "t, then space takes a Treasure out",
    "setup.treasures_under_rating": "t, then space adds a Treasure",
    "setup.league_count": "l, then space adds or takes out a League",
    "setup.unique_league": "l, then space takes the extra copy out",
    "setup.waylay_terrain": "w or l: choose a League with a matching terrain",
    "setup.character_invalid": "open the character in Characters (2) and fix it in the builder",
    "xp.overspent": "record more games first (g in the character view), or undo a purchase (u)",
}
"""The smallest fix of each rule, in keys (placeholders filled from the engine's own fix)."""
SAID_WHOLE = frozenset({"quest.none"})
"""The codes whose keys say the whole fix (the engine's own words are not repeated)."""


def app_keys(code: str, engine: str) -> tuple[str, bool] | None:
    """The fix of a violation of ``code`` in the app's keys, filled from the engine's own fix
    (``engine``: the court it names, whose quests), and whether those keys say it whole;
    None for a code said in no keys of the app."""
    template = KEYS_BY_CODE.get(code)
    if template is None:
        return None
    court = re.search(r'court = "(\w+)"', engine)
    who = re.search(r"to (.+)$", engine) if code == "quest.none" else None
    return (template.format(court=court.group(1).title() if court else "it",
                            who=f"{who.group(1)}'s" if who else "the player's"),
            code in SAID_WHOLE)
