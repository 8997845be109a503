"""The three-way merge of an offline copy with its group (``chronicle db sync``), on whole-
database export documents (``chronicle.services.transfer``): the common ancestor (``base``,
what both sides held at the last sync), the copy (``mine``) and the group (``theirs``).

Everything is matched by identity (``uid``, revision 0009), never by name or number:

- an entry new on either side is kept; one new on both sides with the same name (two players
  called Carl) keeps the group's and makes the copy's a conflict (``sync.name_taken``);
- a value changed on one side only takes that side's value; changed on both sides to the same
  value, that value; changed differently, the group's stays and the copy's is a conflict
  (``sync.both_changed``), value by value (a card's each value, a record's data as a whole);
- an entry deleted on one side and unchanged on the other is deleted; deleted on one side and
  changed on the other is a conflict (``sync.deleted_changed``), the group's side kept;
- a history's entries new in the copy are appended after the group's, numbered on, each only
  if the history still obeys its game's rules with the entries before it (``Judge``: the same
  replay an import and every append go through); one that does not is a conflict carrying the
  rule's code, message and rulebook section, and is not appended;
- a collection's counts are relative: both sides' changes are added.

Nothing is silently lost: every entry of the copy is in the result or in a conflict. Pure
functions over JSON-ready data; the service (``chronicle.services.sync``) reads and writes the
databases.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, get_args

from chronicle.domain.values import name_key

Doc = dict[str, Any]

Judge = Callable[[Doc, str, int], "tuple[int, list[Any]] | None"]
"""``judge(document, section, index)``: the first breach of the history of entry ``index``
of ``document[section]`` (``characters`` or ``records``), as (the 0-based index of the first
event that brings an error, oldest first, or -1 for the entry itself; its new violations),
None when it obeys the rules."""

CORE_HISTORIES = ("records",)
"""The generic sections whose entries hold a history (``events``)."""


@dataclass(frozen=True)
class Layout:
    """The sections merged entry by entry, by uid (the generic ones and those each game
    declares, ``GameSystem.chronicles``' ``SECTIONS``), those whose entries hold a history
    (``events``), and each section's list of child entries merged apart from its values."""

    sections: tuple[str, ...]
    histories: tuple[str, ...]

    @property
    def children(self) -> dict[str, str]:
        return {"players": "collection", **{section: "events" for section in self.histories}}


@cache
def layout() -> Layout:
    """The installed games' layout: each game's own sections as it declares them, a section
    a history when its entries' model has ``events``."""
    from chronicle.services.exportformat import section_games

    own = [(key, kind) for game in section_games() for key, kind in game.SECTIONS.items()]

    def fields(kind: Any) -> Any:
        inner = get_args(kind)
        return getattr(inner[0] if inner else kind, "model_fields", {})

    return Layout(("players", *(key for key, _kind in own), "records", "group_cards"),
                  (*(key for key, kind in own if "events" in fields(kind)), *CORE_HISTORIES))


@dataclass(frozen=True)
class Conflict:
    """An entry of the copy the merge could not take: ``uid`` of the entry, ``subject`` (what
    it belongs to, in words), ``what`` (``entry``, ``value``, ``deleted``), the rule's
    ``code``, ``message`` and rulebook ``section``, and ``entry`` (where it goes and the entry
    itself, JSON)."""

    uid: str
    subject: str
    what: str
    code: str
    message: str
    section: str = ""
    entry: dict[str, Any] = field(default_factory=dict)


@dataclass
class Merged:
    """The merge's result: the document to hold on both sides, the conflicts, and what the
    copy sends (``sent``) and receives (``received``), counted by kind of entry."""

    document: Doc
    conflicts: list[Conflict] = field(default_factory=list)
    sent: dict[str, int] = field(default_factory=dict)
    received: dict[str, int] = field(default_factory=dict)

    def count(self, where: dict[str, int], kind: str, n: int = 1) -> None:
        if n:
            where[kind] = where.get(kind, 0) + n


def subject(section: str, entry: dict[str, Any]) -> str:
    """An entry named in words: ``player Carl``, ``character Winerdria (Tim)``, ``game First
    Night``, ``battles Iron (Tim) of tales-of-arcadia``."""
    if section == "records":
        owner = f" ({entry['player']})" if entry.get("player") else ""
        return f"{entry.get('kind')} {entry.get('name')}{owner} of {entry.get('game')}"
    if section == "group_cards":
        card = entry.get("card", {})
        return f"card {card.get('name')} ({card.get('kind')}) of {entry.get('game')}"
    owner = f" ({entry['player']})" if entry.get("player") else ""
    return f"{section[:-1]} {entry.get('name')}{owner}"


def _name_key(section: str, entry: dict[str, Any]) -> tuple[Any, ...]:
    """What must be unique in ``section`` besides the uid: a name, per player where the
    entry has one."""
    def fold(value: Any) -> Any:
        return value.casefold() if isinstance(value, str) else value

    if section == "records":
        return entry.get("game"), entry.get("kind"), fold(entry.get("player")), \
            fold(entry.get("name"))
    if section == "group_cards":
        card = entry.get("card", {})
        return entry.get("game"), fold(card.get("name")), card.get("kind")
    return tuple(fold(entry.get(key)) for key in ("player", "name") if key in entry)


def _by_uid(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["uid"]: e for e in entries if e.get("uid")}


def _values(section: str, entry: dict[str, Any]) -> dict[str, Any]:
    """An entry's values merged one by one (its uid and its children aside; a group card's
    card table value by value)."""
    left_out = {"uid", layout().children.get(section, "")}
    values = {k: v for k, v in entry.items() if k not in left_out}
    if section == "group_cards":
        card = values.pop("card", {})
        values.update({f"card.{k}": v for k, v in card.items()})
    return values


def _entry(section: str, values: dict[str, Any], uid: str,
           children: list[Any] | None) -> dict[str, Any]:
    entry = {k: v for k, v in values.items() if not k.startswith("card.")}
    if section == "group_cards":
        entry["card"] = {k[5:]: v for k, v in values.items() if k.startswith("card.")}
    entry["uid"] = uid
    if section in layout().children:
        entry[layout().children[section]] = children or []
    return entry


_MISSING = object()


def _three_way(section: str, base: dict[str, Any] | None, mine: dict[str, Any],
               theirs: dict[str, Any], out: Merged) -> dict[str, Any]:
    """The values of an entry both sides hold, merged; each clash a conflict."""
    b = _values(section, base) if base is not None else {}
    m, t = _values(section, mine), _values(section, theirs)
    result = dict(t)
    sent = False
    for key in sorted(set(m) | set(t)):
        bv, mv, tv = b.get(key, _MISSING), m.get(key, _MISSING), t.get(key, _MISSING)
        if mv in (bv, tv) or key in ("version", "exported_at"):
            continue
        if tv == bv:
            if mv is _MISSING:
                result.pop(key, None)
            else:
                result[key] = mv
            sent = True
            continue
        out.conflicts.append(Conflict(
            uid=mine["uid"], subject=subject(section, theirs), what="value",
            code="sync.both_changed",
            message=f"{key} was changed here to {_said(mv)} and in the group to {_said(tv)} "
                    f"(it was {_said(bv)}); the group's value is kept",
            entry={"section": section, "field": key, "mine": _plain(mv), "theirs": _plain(tv),
                   "base": _plain(bv)}))
    if sent:
        out.count(out.sent, section)
        if "version" in result:
            result["version"] = max(int(t.get("version", 1)), int(m.get("version", 1))) + 1
    return result


def _plain(value: Any) -> Any:
    return None if value is _MISSING else value


def _said(value: Any) -> str:
    return "nothing" if value is _MISSING else repr(value)[:200]


def _children(section: str, base: dict[str, Any] | None, mine: dict[str, Any] | None,
              theirs: dict[str, Any] | None) -> tuple[list[Any], list[Any]]:
    """(the group's children, the copy's children new since the base)."""
    key = layout().children[section]
    held = list(theirs.get(key, [])) if theirs else []
    known = {c.get("uid") for c in held} | {c.get("uid") for c in (base or {}).get(key, [])}
    new = [c for c in (mine or {}).get(key, []) if not c.get("uid") or c["uid"] not in known]
    return held, new


def _collection(base: dict[str, Any] | None, mine: dict[str, Any],
                theirs: list[Any], out: Merged) -> list[Any]:
    """A player's collection: the group's counts plus the copy's changes since the base."""
    merged = {(o["game"], o["card"].casefold(), o["kind"]): dict(o) for o in theirs}
    before = {(o["game"], o["card"].casefold(), o["kind"]): o["count"]
              for o in (base or {}).get("collection", [])}
    for owned in mine.get("collection", []):
        key = (owned["game"], owned["card"].casefold(), owned["kind"])
        change = owned["count"] - before.get(key, 0)
        if not change:
            continue
        out.count(out.sent, "copies")
        if key in merged:
            merged[key]["count"] = max(0, merged[key]["count"] + change)
        else:
            merged[key] = {**owned, "count": max(0, change)}
    return list(merged.values())


def merge(base: Doc, mine: Doc, theirs: Doc, judge: Judge,
          retry: Sequence[tuple[str, str, dict[str, Any]]] = ()) -> Merged:
    """Merge ``mine`` (the copy) into ``theirs`` (the group) since ``base``; ``judge`` says
    whether a history obeys its game's rules; ``retry`` are entries a conflict kept and the
    user rewrote (the history's section, the history's uid, the entry), offered again."""
    out = Merged(document=copy.deepcopy(theirs))
    result = out.document
    pending: dict[tuple[str, str], list[Any]] = {}
    deleted_here: dict[str, tuple[str, dict[str, Any]]] = {}
    new_here: list[tuple[str, str]] = []
    shape = layout()
    for section in shape.sections:
        b_all, m_all = _by_uid(base.get(section, [])), _by_uid(mine.get(section, []))
        t_list = result.get(section, [])
        t_all = _by_uid(t_list)
        taken = {_name_key(section, e) for e in t_list}
        merged_list: list[dict[str, Any]] = []
        renamed: dict[str, dict[str, Any]] = {}
        for uid, theirs_entry in t_all.items():
            b, m = b_all.get(uid), m_all.get(uid)
            if b is None and m is None:
                out.count(out.received, section)
                merged_list.append(theirs_entry)
                continue
            if m is None:  # deleted here
                grown = section in shape.histories and any(
                    e.get("uid") not in {x.get("uid") for x in (b or {}).get("events", [])}
                    for e in theirs_entry.get("events", []))
                if not grown and _values(section, b or {}) == _values(section, theirs_entry):
                    taken.discard(_name_key(section, theirs_entry))
                    out.count(out.sent, f"{section} deleted")
                    deleted_here[uid] = (section, theirs_entry)
                    continue
                out.conflicts.append(Conflict(
                    uid=uid, subject=subject(section, theirs_entry), what="deleted",
                    code="sync.deleted_changed",
                    message="deleted here, changed in the group meanwhile; the group's is kept",
                    entry={"section": section, "theirs": theirs_entry}))
                merged_list.append(theirs_entry)
                continue
            values = _three_way(section, b, m, theirs_entry, out)
            children: list[Any] | None = None
            if section == "players":  # (one restored by a conflict: no change of its own)
                children = _collection(b if b is not None else theirs_entry, m,
                                       theirs_entry.get("collection", []), out)
            elif section in shape.children:
                children, new = _children(section, b, m, theirs_entry)
                if new:
                    pending[(section, uid)] = new
            merged_list.append(_entry(section, values, uid, children))
            if _name_key(section, merged_list[-1]) != _name_key(section, theirs_entry):
                renamed[uid] = theirs_entry
        for uid, m in m_all.items():
            if uid in t_all:
                continue
            b = b_all.get(uid)
            if b is not None:  # deleted in the group
                changed = _values(section, b) != _values(section, m) or (
                    section in shape.histories and bool(_children(section, b, m, None)[1]))
                if changed:
                    out.conflicts.append(Conflict(
                        uid=uid, subject=subject(section, m), what="deleted",
                        code="sync.deleted_changed",
                        message="changed here, deleted in the group meanwhile; it stays "
                                "deleted", entry={"section": section, "mine": m}))
                else:
                    out.count(out.received, f"{section} deleted")
                continue
            if _name_key(section, m) in taken:
                out.conflicts.append(Conflict(
                    uid=uid, subject=subject(section, m), what="value", code="sync.name_taken",
                    message="the group made another with this name meanwhile; rename it "
                            "(rewrite it with another name) or drop it",
                    entry={"section": section, "mine": m}))
                continue
            taken.add(_name_key(section, m))
            out.count(out.sent, section)
            fresh = copy.deepcopy(m)
            if section in shape.histories:
                pending[(section, uid)] = fresh.get("events", [])
                fresh["events"] = []
            merged_list.append(fresh)
            new_here.append((section, uid))
        result[section] = _unique(section, merged_list, renamed, out)
    for section, uid, entry in retry:
        pending.setdefault((section, uid), []).append(entry)
    _players_kept(out, deleted_here)
    _players_gone(mine, out, new_here, pending)
    _cards(base, mine, out)
    for (section, uid), entries in pending.items():
        _append(out, section, uid, entries, judge)
    return out


CARD_UIDS = "card_uids"
"""The home game's cards' uids beside its ``cards`` (``KIND:NAME KEY`` to uid)."""


def card_key(card: dict[str, Any]) -> str:
    """A home game's card's key in ``card_uids``: its kind and name key."""
    return f"{card.get('kind', '')}:{name_key(str(card.get('name', '')))}"


def _unique(section: str, entries: list[dict[str, Any]], renamed: dict[str, dict[str, Any]],
            out: Merged) -> list[dict[str, Any]]:
    """``entries`` with each of the copy's renames to a name the group gave another entry
    meanwhile undone, the rename a conflict (``sync.name_taken``)."""
    keys: dict[tuple[Any, ...], int] = {}
    for entry in entries:
        keys[_name_key(section, entry)] = keys.get(_name_key(section, entry), 0) + 1
    kept = []
    for entry in entries:
        theirs = renamed.get(entry["uid"])
        if theirs is not None and keys[_name_key(section, entry)] > 1:
            out.conflicts.append(Conflict(
                uid=entry["uid"], subject=subject(section, theirs), what="value",
                code="sync.name_taken",
                message=f"renamed here to {entry.get('name')!r}, a name the group gave "
                        "another meanwhile; the group's name is kept: rename it again",
                entry={"section": section, "field": "name", "mine": entry.get("name"),
                       "theirs": theirs.get("name")}))
            entry = {**entry, **{k: v for k, v in theirs.items()
                                 if k in ("name", "player", "game", "kind", "card")}}
        kept.append(entry)
    return kept


def _mentions(entry: Any, uids: set[str]) -> set[str]:
    """The uids of ``uids`` that ``entry`` names anywhere (its own uid aside)."""
    text = json.dumps(entry)
    own = entry.get("uid") if isinstance(entry, dict) else None
    return {uid for uid in uids if uid != own and uid in text}


def _players_kept(out: Merged, deleted_here: dict[str, tuple[str, dict[str, Any]]]) -> None:
    """A player deleted here whom the group named meanwhile (a record, a character) stays,
    the deletion a conflict (``sync.deleted_changed``)."""
    result = out.document
    gone = {uid for uid, (section, _e) in deleted_here.items() if section == "players"}
    used = _mentions({k: v for k, v in result.items() if k != "players"}, gone)
    for uid in sorted(used):
        entry = deleted_here[uid][1]
        result["players"].append(entry)
        out.sent["players deleted"] -= 1
        out.conflicts.append(Conflict(
            uid=uid, subject=subject("players", entry), what="deleted",
            code="sync.deleted_changed",
            message="deleted here, named by the group's entries meanwhile; the group's is kept",
            entry={"section": "players", "theirs": entry}))
    out.sent = {k: n for k, n in out.sent.items() if n}


def _players_gone(mine: Doc, out: Merged, new_here: list[tuple[str, str]],
                  pending: dict[tuple[str, str], list[Any]]) -> None:
    """The copy's new entries that name a player the group deleted meanwhile are not taken:
    each is a conflict (``sync.player_gone``) keeping the entry whole and the players it
    needs, so that applying it restores them."""
    result = out.document
    present = {p.get("uid") for p in result.get("players", [])}
    players = {p["uid"]: p for p in mine.get("players", []) if p.get("uid")}
    gone = set(players) - present
    if not gone:
        return

    def conflict(uid: str, section: str, held: dict[str, Any], whole: bool,
                 entry: dict[str, Any], needs: set[str]) -> Conflict:
        names = ", ".join(sorted(str(players[u].get("name")) for u in needs))
        return Conflict(
            uid=uid, subject=subject(section, held), what="deleted" if whole else "entry",
            code="sync.player_gone",
            message=f"it names {names}, deleted in the group meanwhile: restore "
                    f"{'them' if len(needs) > 1 else 'the player'} with it (apply) or drop it",
            entry={**entry, "needs": [players[u] for u in sorted(needs)]})

    for section, uid in new_here:
        index = next(i for i, e in enumerate(result[section]) if e["uid"] == uid)
        entry = dict(result[section][index])
        if section in layout().histories:
            entry["events"] = pending.get((section, uid), [])
        needs = _mentions(entry, gone)
        if needs:
            del result[section][index]
            pending.pop((section, uid), None)
            out.conflicts.append(conflict(uid, section, entry, True,
                                          {"section": section, "mine": entry}, needs))
    for (section, uid), entries in pending.items():
        held = next(e for e in result[section] if e["uid"] == uid)
        kept = []
        for event in entries:
            needs = _mentions(event, gone)
            if not needs:
                kept.append(event)
                continue
            out.conflicts.append(conflict(
                event.get("uid") or "", section, held, False,
                {"section": section, "history": uid,
                 "entry": {k: v for k, v in event.items() if k != "seq"}}, needs))
        entries[:] = kept


def _cards(base: Doc, mine: Doc, out: Merged) -> None:
    """The home game's cards (``cards``: ``[[card]]`` tables, their rows' uids beside them),
    matched by uid (one new on both sides with one name and kind is one card), merged value
    by value: a value both sides changed differently is a conflict (the group's kept)."""
    def keyed(doc: Doc) -> dict[str, dict[str, Any]]:
        uids = doc.get(CARD_UIDS, {})
        return {uids.get(card_key(c)) or f"card:{card_key(c)}": c for c in doc.get("cards", [])}

    b, m, t = keyed(base), keyed(mine), keyed(out.document)
    uids = dict(out.document.get(CARD_UIDS, {}))
    by_name = {card_key(card): uid for uid, card in t.items()}
    for uid, card in m.items():
        key = uid if uid in t else by_name.get(card_key(card), uid)
        if key not in t:
            if uid in b:  # deleted in the group
                continue
            t[key] = card
            if not key.startswith("card:"):
                uids[card_key(card)] = key
            out.count(out.sent, "cards")
            continue
        home = {"game": "home"}
        merged = _three_way("group_cards", {"uid": key, "card": b.get(uid, {}), **home},
                            {"uid": key, "card": card, **home},
                            {"uid": key, "card": t[key], **home}, out)
        t[key] = {k[5:]: v for k, v in merged.items() if k.startswith("card.")}
    out.document["cards"] = list(t.values())
    if CARD_UIDS in out.document or uids:
        out.document[CARD_UIDS] = uids


UNDO = "undo"
"""The payload key by which an entry names the entry it undoes, by number (every game's undo
event: ``{"undo": 3}``); the copy's own entries are renumbered after the group's, so the
numbers such an entry names are renumbered with them."""


def _undone(entry: dict[str, Any]) -> int | None:
    payload = entry.get("payload")
    target = payload.get(UNDO) if isinstance(payload, dict) else None
    return target if isinstance(target, int) and not isinstance(target, bool) else None


def _renumbered(entry: dict[str, Any], numbers: dict[int, int]) -> dict[str, Any]:
    target = _undone(entry)
    if target is None or target not in numbers:
        return entry
    return {**entry, "payload": {**entry["payload"], UNDO: numbers[target]}}


def _append(out: Merged, section: str, uid: str, entries: list[Any], judge: Judge) -> None:
    """Append the copy's new ``entries`` to the history of ``uid`` after the group's, each
    only if the history still obeys the rules; each refused one a conflict (and so is an
    undo of a refused one: it would undo another entry)."""
    document = out.document
    index = next(i for i, e in enumerate(document[section]) if e["uid"] == uid)
    history = document[section][index]
    events: list[dict[str, Any]] = history["events"]
    held = len(events)
    queue = sorted(entries, key=lambda e: e.get("seq", float("inf")))  # rewritten ones last
    numbers = {int(e["seq"]): held + n for n, e in enumerate(queue, 1) if "seq" in e}
    for entry in queue:
        events.append({**_renumbered(entry, numbers), "seq": len(events) + 1})
    while True:
        found = judge(document, section, index)
        if found is None or found[0] < held:
            break
        at, violations = found
        refused = [at]
        while True:  # the refused entry, and every local undo of one refused
            gone = {i + 1 for i in refused}
            more = [i for i in range(held, len(events))
                    if i not in refused and _undone(events[i]) in gone]
            if not more:
                break
            refused += more
        for position in sorted(refused, reverse=True):
            entry = events.pop(position)
            said = violations if position == at else None
            _refused(out, section, uid, history, entry, said)
        shift = {old: old - sum(1 for r in refused if r + 1 < old)
                 for old in range(held + 1, len(events) + len(refused) + 1)}
        for i in range(held, len(events)):
            events[i] = {**_renumbered(events[i], shift), "seq": i + 1}
    added = len(events) - held
    out.count(out.sent, f"{section[:-1]} entries", added)


def _refused(out: Merged, section: str, uid: str, history: dict[str, Any],
             entry: dict[str, Any], violations: list[Any] | None) -> None:
    """A history's entry the merge does not append, kept whole as a conflict."""
    if violations is None:
        code, message, rule = "sync.undoes_refused", "it undoes an entry the rules refused", ""
    else:
        first = violations[0] if violations else None
        code = getattr(first, "code", "rules.broken")
        message = "; ".join(getattr(v, "message", str(v)) for v in violations) \
            or "it breaks the rules"
        rule = getattr(first, "section", "") or ""
    out.conflicts.append(Conflict(
        uid=entry.get("uid") or "", subject=subject(section, history), what="entry",
        code=code, message=message, section=rule,
        entry={"section": section, "history": uid,
               "entry": {k: v for k, v in entry.items() if k != "seq"}}))
