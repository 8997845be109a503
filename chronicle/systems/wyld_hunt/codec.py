"""Chronicle events to and from plain records (a kind and a JSON-ready dict), for storage and
for the whole-database export, and in words. Pure Python.

The game system names this module as its ``ledger_codec``; the repository stores and reads a
character's events through the codec of the character's system: ``event_to_record``,
``event_from_record`` and ``what_happened``; the database's last check before writing asks it
for ``payload_problems`` (the payload models of ``payloads``)."""

from __future__ import annotations

from typing import Any

from chronicle.systems.wyld_hunt import chronicle as ev

KINDS = ("game", "buy", "buy_off", "correction", "undo")


def payload_problems(kind: str, payload: Any) -> list[tuple[str, str]]:
    """Why a stored payload of ``kind`` is refused: (dotted field, message) pairs."""
    from chronicle.systems.wyld_hunt.payloads import payload_problems as problems

    return problems(kind, payload)


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v not in (None, (), [], 0) or k in ("event",)}


def event_to_record(event: ev.Event) -> tuple[str, dict[str, Any]]:
    """The kind and payload stored for ``event``."""
    if isinstance(event, ev.GamePlayed):
        return "game", _clean({"quests": list(event.quests), "completed": list(event.completed),
                               "date": event.date, "opponent": event.opponent,
                               "note": event.note,
                               "epic_order": None if event.epic_order is ev.EpicOrder.QUEST_NUMBER
                               else event.epic_order.value})
    if isinstance(event, ev.MeritBought):
        return "buy", _clean({"merit": event.merit, "date": event.date, "note": event.note})
    if isinstance(event, ev.FlawBoughtOff):
        return "buy_off", _clean({"flaw": event.flaw, "date": event.date, "note": event.note})
    if isinstance(event, ev.Correction):
        return "correction", _clean({
            "note": event.note, "add_merits": list(event.add_merits),
            "remove_merits": list(event.remove_merits), "add_flaws": list(event.add_flaws),
            "remove_flaws": list(event.remove_flaws), "xp": event.xp, "date": event.date})
    return "undo", _clean({"event": event.event, "date": event.date, "note": event.note})


def event_from_record(kind: str, data: dict[str, Any]) -> ev.Event:
    """The event stored as ``kind`` and ``data``.

    Raises:
        ValueError: for an unknown kind or a payload that does not fit it.
    """
    try:
        if kind == "game":
            return ev.GamePlayed(quests=tuple(data["quests"]),
                                 completed=tuple(data.get("completed", ())),
                                 date=data.get("date"), opponent=data.get("opponent"),
                                 note=data.get("note"),
                                 epic_order=ev.EpicOrder(data.get("epic_order") or "quest_number"))
        if kind == "buy":
            return ev.MeritBought(merit=data["merit"], date=data.get("date"), note=data.get("note"))
        if kind == "buy_off":
            return ev.FlawBoughtOff(flaw=data["flaw"], date=data.get("date"), note=data.get("note"))
        if kind == "correction":
            return ev.Correction(note=data["note"], add_merits=tuple(data.get("add_merits", ())),
                                 remove_merits=tuple(data.get("remove_merits", ())),
                                 add_flaws=tuple(data.get("add_flaws", ())),
                                 remove_flaws=tuple(data.get("remove_flaws", ())),
                                 xp=int(data.get("xp", 0)), date=data.get("date"))
        if kind == "undo":
            return ev.Undo(event=int(data["event"]), date=data.get("date"), note=data.get("note"))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"a {kind} event is missing or has a bad {exc}") from None
    raise ValueError(f"unknown event kind {kind!r}; known: {', '.join(KINDS)}")


def describe_event(event: ev.Event) -> str:
    """One line for histories: what happened."""
    if isinstance(event, ev.GamePlayed):
        done = ", ".join(event.completed) or "none"
        text = f"Game: quests {', '.join(event.quests)}; completed {done}"
        if event.opponent:
            text += f"; against {event.opponent}"
        if event.epic_order is not ev.EpicOrder.QUEST_NUMBER:
            text += f"; {event.epic_order.describe()}"
        return text
    if isinstance(event, ev.MeritBought):
        return f"Bought {event.merit}"
    if isinstance(event, ev.FlawBoughtOff):
        return f"Bought off {event.flaw}"
    if isinstance(event, ev.Correction):
        parts = [f"+{n}" for n in event.add_merits + event.add_flaws]
        parts += [f"-{n}" for n in event.remove_merits + event.remove_flaws]
        if event.xp:
            parts.append(f"{event.xp:+d} experience")
        return f"Correction ({event.note}): {', '.join(parts) or 'nothing'}"
    return f"Undo of event {event.event}"


def what_happened(event: ev.Event) -> str:
    """An event in a few words, for conflict messages: "a game was recorded"."""
    if isinstance(event, ev.GamePlayed):
        return "a game was recorded"
    if isinstance(event, ev.MeritBought):
        return f"{event.merit} was bought"
    if isinstance(event, ev.FlawBoughtOff):
        return f"{event.flaw} was bought off"
    if isinstance(event, ev.Correction):
        return "a correction was recorded"
    return f"event {event.event} was undone"


def event_to_file(event: ev.Event) -> dict[str, Any]:
    """The ``[[event]]`` table of a character file for ``event``."""
    kind, data = event_to_record(event)
    if kind == "buy":
        data["buy"] = data.pop("merit")
    elif kind == "buy_off":
        data["buy_off"] = data.pop("flaw")
    elif kind == "undo":
        data["undo"] = data.pop("event")
    elif kind == "game":
        data.setdefault("completed", [])
    order = ["quests", "completed", "buy", "buy_off", "undo", "add_merits", "remove_merits",
             "add_flaws", "remove_flaws", "xp", "date", "opponent", "epic_order", "note"]
    return {k: data[k] for k in order if k in data}
