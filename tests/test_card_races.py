"""Two members correcting the same group card at once, from real processes, on every backend
(issue 26): a correction is written on the version of the card it read, so one wins and the
other is refused (exit 1) with a message saying the card was corrected meanwhile; nothing is
lost, nothing merged into what neither saw.

Each process runs ``chronicle cards new NAME --system arcadia-quest --kind upgrade --value
cost=N`` and is held, after its reads and before its writes, until the other has read too.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest
from test_record_races import race

from chronicle.services import cardfront
from chronicle.services.db import open_database

QUEST = "arcadia-quest"
TIMEOUT = 120
"""Seconds a member waits for the other."""
BLADE = "Racing Blade"


def corrector(url: str, data_dir: str, number: int, start: Any, results: Any, held: Any,
              name: str) -> None:
    """One member correcting (or entering) ``name`` with the cost ``10 + number``, held after
    reading the group's cards until the other member has read them too (``held``)."""
    os.environ["CHRONICLE_DATA_DIR"] = data_dir
    from chronicle.services import cardfront as front

    original = front.breaches_of

    def waiting(*args: Any, **kwargs: Any) -> Any:
        found = original(*args, **kwargs)
        held.wait(TIMEOUT)        # both have read the card: now both write
        return found

    front.breaches_of = waiting
    start.wait(TIMEOUT)
    said = fx.cli("--db", url, "cards", "new", name, "--system", QUEST, "--kind", "upgrade",
                  "--value", f"cost={10 + number}")
    results.put({"number": number, "said": said})


def stored(url: str, name: str) -> tuple[int, dict[str, Any]]:
    from chronicle.domain.values import name_key
    from chronicle.persistence import repository as repo

    db = open_database(url)
    try:
        with db.transaction() as session:
            rows = [(version, data) for _id, version, data in repo.group_cards(session, QUEST)
                    if name_key(str(data["name"])) == name_key(name)]
    finally:
        db.close()
    assert len(rows) == 1
    return rows[0]


@pytest.mark.parametrize("existing", [True, False], ids=["correction", "new card"])
def test_two_members_correcting_one_card_at_once_one_wins(db_url: str, tmp_path: Path,
                                                          existing: bool) -> None:
    if existing:
        db = open_database(db_url)
        try:
            cardfront.enter_cards(db, QUEST, [{"name": BLADE, "kind": "upgrade", "cost": 3,
                                               "level": 1}])
        finally:
            db.close()
    said = race(corrector, db_url, tmp_path, fx.processes().Barrier(2), BLADE)
    codes = sorted(s["said"][0] for s in said)
    assert codes == [0, 1], said
    loser = next(s for s in said if s["said"][0] == 1)
    winner = next(s for s in said if s["said"][0] == 0)
    _code, out, err = loser["said"]
    message = out + err
    assert "by someone else" in message and BLADE in message and "nothing was saved" in message
    assert "Traceback" not in message
    version, data = stored(db_url, BLADE)
    assert data["cost"] == 10 + winner["number"]         # the winner's value, whole
    assert version == (2 if existing else 1)             # the loser wrote nothing
    if existing:
        assert data["level"] == 1                        # nothing the winner did not name lost


def test_a_correction_from_a_stale_read_is_refused_in_process(db_url: str) -> None:
    """The same check without processes: a correction whose read is older than the stored
    card is refused, naming the versions."""
    from chronicle.errors import Conflict
    from chronicle.persistence import repository as repo

    db = open_database(db_url)
    try:
        cardfront.enter_cards(db, QUEST, [{"name": BLADE, "kind": "upgrade", "cost": 3}])
        cardfront.enter_cards(db, QUEST, [{"name": BLADE, "kind": "upgrade", "cost": 4}])
        with pytest.raises(Conflict, match=r"version 1 -> 2"), db.transaction() as session:
            repo.save_group_card(session, QUEST, {"name": BLADE, "kind": "upgrade",
                                                  "cost": 9}, expected=1)
        with pytest.raises(Conflict, match="entered by someone else"), \
                db.transaction() as session:
            repo.save_group_card(session, QUEST, {"name": BLADE, "kind": "upgrade",
                                                  "cost": 9}, expected=0)
    finally:
        db.close()
    assert stored(db_url, BLADE) == (2, {"name": BLADE, "kind": "upgrade", "cost": 4})
