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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Doc = dict[str, Any]

Judge = Callable[[Doc, str, int], "tuple[int, list[Any]] | None"]
"""``judge(document, section, index)``: the first breach of the history of entry ``index``
of ``document[section]`` (``characters`` or ``records``), as (the 0-based index of the first
event that brings an error, oldest first, or -1 for the entry itself; its new violations),
None when it obeys the rules."""

HISTORIES = ("characters", "records")
"""The sections whose entries hold a history (``events``)."""
SECTIONS = ("players", "characters", "games", "records", "group_cards")
"""The sections merged entry by entry, by uid."""
CHILDREN = {"players": "collection", "characters": "events", "records": "events"}
"""Each section's list of child entries merged apart from its values."""


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
    """An entry named in words: ``player Carl``, ``Winerdria (Tim)``, ``game First Night``."""
    if section == "characters":
        return f"character {entry.get('name')} ({entry.get('player')})"
    if section == "records":
        owner = f" ({entry['player']})" if entry.get("player") else ""
        return f"{entry.get('kind')} {entry.get('name')}{owner} of {entry.get('game')}"
    if section == "group_cards":
        card = entry.get("card", {})
        return f"card {card.get('name')} ({card.get('kind')}) of {entry.get('game')}"
    return f"{section[:-1]} {entry.get('name')}"


def _name_key(section: str, entry: dict[str, Any]) -> tuple[Any, ...]:
    """What must be unique in ``section`` besides the uid."""
    def fold(value: Any) -> Any:
        return value.casefold() if isinstance(value, str) else value

    if section == "characters":
        return fold(entry.get("player")), fold(entry.get("name"))
    if section == "records":
        return entry.get("game"), entry.get("kind"), fold(entry.get("player")), \
            fold(entry.get("name"))
    if section == "group_cards":
        card = entry.get("card", {})
        return entry.get("game"), fold(card.get("name")), card.get("kind")
    return (fold(entry.get("name")),)


def _by_uid(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["uid"]: e for e in entries if e.get("uid")}


def _values(section: str, entry: dict[str, Any]) -> dict[str, Any]:
    """An entry's values merged one by one (its uid and its children aside; a group card's
    card table value by value)."""
    left_out = {"uid", CHILDREN.get(section, "")}
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
    if section in CHILDREN:
        entry[CHILDREN[section]] = children or []
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
    key = CHILDREN[section]
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
    for section in SECTIONS:
        b_all, m_all = _by_uid(base.get(section, [])), _by_uid(mine.get(section, []))
        t_list = result.get(section, [])
        t_all = _by_uid(t_list)
        taken = {_name_key(section, e) for e in t_list}
        merged_list: list[dict[str, Any]] = []
        for uid, theirs_entry in t_all.items():
            b, m = b_all.get(uid), m_all.get(uid)
            if b is None and m is None:
                out.count(out.received, section)
                merged_list.append(theirs_entry)
                continue
            if m is None:  # deleted here
                grown = section in HISTORIES and any(
                    e.get("uid") not in {x.get("uid") for x in (b or {}).get("events", [])}
                    for e in theirs_entry.get("events", []))
                if not grown and _values(section, b or {}) == _values(section, theirs_entry):
                    taken.discard(_name_key(section, theirs_entry))
                    out.count(out.sent, f"{section} deleted")
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
            if section == "players":
                children = _collection(b, m, theirs_entry.get("collection", []), out)
            elif section in CHILDREN:
                children, new = _children(section, b, m, theirs_entry)
                if new:
                    pending[(section, uid)] = new
            merged_list.append(_entry(section, values, uid, children))
        for uid, m in m_all.items():
            if uid in t_all:
                continue
            b = b_all.get(uid)
            if b is not None:  # deleted in the group
                changed = _values(section, b) != _values(section, m) or (
                    section in HISTORIES and bool(_children(section, b, m, None)[1]))
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
            if section in HISTORIES:
                pending[(section, uid)] = fresh.get("events", [])
                fresh["events"] = []
            merged_list.append(fresh)
        result[section] = merged_list
    for section, uid, entry in retry:
        pending.setdefault((section, uid), []).append(entry)
    _cards(base, mine, out)
    for (section, uid), entries in pending.items():
        _append(out, section, uid, entries, judge)
    return out


def _cards(base: Doc, mine: Doc, out: Merged) -> None:
    """The home game's cards (``cards``: tables by name and kind), value by value."""
    def keyed(doc: Doc) -> dict[tuple[str, str], dict[str, Any]]:
        return {(str(c.get("name", "")).casefold(), str(c.get("kind", ""))): c
                for c in doc.get("cards", [])}

    b, m, t = keyed(base), keyed(mine), keyed(out.document)
    for key, card in m.items():
        uid = f"card:{key[1]}:{key[0]}"
        if key not in t:
            t[key] = card
            out.count(out.sent, "cards")
            continue
        entry = {"uid": uid, "card": t[key], "game": "home"}
        merged = _three_way("group_cards", {"uid": uid, "card": b.get(key, {}), "game": "home"},
                            {"uid": uid, "card": card, "game": "home"}, entry, out)
        t[key] = {k[5:]: v for k, v in merged.items() if k.startswith("card.")}
    out.document["cards"] = list(t.values())


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
