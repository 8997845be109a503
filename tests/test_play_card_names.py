"""A Wyld Hunt game in play names its cards by identity (``RecordKind.cards`` of the ``play``
kind, the store's generic walk, ``chronicle.domain.cardrefs``): a League, Waylay or Merit typed
in another letter case or by one of its other names (an alias a table entered) is kept under
the card's own name in the ledger, so the rules find it and listings never show the typed
text. On SQLite and PostgreSQL, through the command line."""

from __future__ import annotations

import dbfixtures as fx
import playtable

from chronicle.persistence import reads
from chronicle.services.db import open_database


def ok(url: str, *argv: str) -> str:
    code, out, err = fx.cli("--db", url, *argv)
    assert code == 0, (argv, out, err)
    return out


def test_steps_typed_by_other_names_are_kept_under_the_cards_own(db_url: str) -> None:
    golden = playtable.load()
    for argv in playtable.prepare_argv(golden):
        ok(db_url, *argv)
    ok(db_url, "cards", "new", "Manticora", "--kind", "waylay", "--aliases", "Mantícora")
    ok(db_url, "cards", "new", "Fuddle", "--kind", "merit", "--aliases", "Embrollo")
    ok(db_url, *playtable.start_argv(golden))
    game = golden["game"]
    ok(db_url, "play", "move", game, "the kyrrian tower")
    ok(db_url, "play", "waylay", game, "mantícora")
    ok(db_url, "play", "test", game, "MANTICORA", "--roll", "3", "--against", "3")
    ok(db_url, "play", "exhaust", game, "embrollo")
    shown = ok(db_url, "play", "show", game)
    assert "mantícora" not in shown.lower() and "embrollo" not in shown.lower()
    db = open_database(db_url)
    try:
        with db.reading() as connection:
            (record,) = reads.records_of(connection, "wyld-hunt", "play")
    finally:
        db.close()
    events = [(kind, payload) for _seq, kind, payload, _at in record[-1]]
    assert [(kind, payload.get("to") or payload.get("waylay") or payload.get("card"))
            for kind, payload in events] == [
        ("move", "The Kyrrian Tower"), ("waylay", "Manticora"), ("test", "Manticora"),
        ("exhaust", "Fuddle")]
    assert events[-1][1]["reason"] == "lost"  # owed for the lost Test: the default
