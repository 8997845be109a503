"""Hostile collection CSVs against a real database, on every backend.

Hypothesis generates collection files: headers right, wrong, missing or repeated, in any case;
rows with real card names and nasty ones, counts that are not numbers, negative, zero, huge or
fractional, quotes left open, other delimiters, other encodings, a byte-order mark, blank lines
and stray columns. Each file is imported through the command line (``chronicle collection
import``, adding and replacing) and through the service. No traceback ever reaches the user, and
a refused import leaves the database exactly as it was: every row of every table, and on SQLite
every byte of the file. How many files are generated is the profile's (``hostile_profile``);
the inputs tried are recorded for docs/reliability.md.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path

import dbfixtures as fx
from hostile_profile import examples, hostile
from hypothesis import given
from hypothesis import strategies as st

from chronicle.errors import ChronicleError
from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.services import collection, csvio

KIND = "collection CSVs"

COLUMNS = ["card", "set", "kind", "count", "notes", "Card", "COUNT", "name", "qty", "quantity",
           "card name", "", "count ", "extra", "card"]
CARDS = ["Fae Armor", "fae armor", "Fae Armour", "Sidhe Female", "Slavers", "quest:Slavers",
         "Indecisive", "Golden Nothing", "", " ", "\x00", "'; DROP TABLE ownership; --", "名前",
         "x" * 3000, "\u202eevil", "=HYPERLINK(\"http://x\")", "Even Dragons Pay Taxes"]
SETS = ["", "wyld-hunt", "ironheart", "twh", "KIM", "unknown-set", "\x00"]
KINDS = ["", "merit", "flaw", "icon", "quest", "waylay", "league", "treasure", "MERIT"]
COUNTS = ["1", "2", "1000", "1001", "0", "-1", "", " 3 ", "1.5", "1e3", "0x10", "two",
          "99999999999999999999", "2147483648", "NaN", "∞", "３", "\x00"]


@st.composite
def collection_files(draw: st.DrawFn) -> bytes:
    header = draw(st.one_of(st.just(["card", "set", "kind", "count"]),
                            st.lists(st.sampled_from(COLUMNS), max_size=6)))
    rows = draw(st.lists(st.lists(st.one_of(st.sampled_from(CARDS), st.sampled_from(SETS),
                                            st.sampled_from(KINDS), st.sampled_from(COUNTS),
                                            st.text(max_size=12)), max_size=6), max_size=6))
    tidy = draw(st.lists(st.tuples(st.sampled_from(CARDS), st.sampled_from(SETS),
                                   st.sampled_from(KINDS), st.sampled_from(COUNTS)),
                         max_size=5))
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=draw(st.sampled_from([",", ",", ";", "\t"])))
    writer.writerow(header)
    for row in [*map(list, tidy), *rows]:
        writer.writerow(row)
    text = buffer.getvalue()
    damage = draw(st.sampled_from(["none", "none", "quote", "cut", "blank", "crlf"]))
    if damage == "quote":
        text = text.replace(",", ',"', 1)
    elif damage == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif damage == "blank":
        text = "\n\n" + text.replace("\n", "\n\n")
    elif damage == "crlf":
        text = text.replace("\n", "\r\n")
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8-sig", "utf-16", "latin-1"]))
    data = text.encode(encoding, errors="replace")
    if draw(st.booleans()):
        data += draw(st.binary(max_size=12))
    return data


def test_hostile_collection_csvs(db_url: str, backend: str, tmp_path: Path) -> None:
    db = open_database(db_url)
    players.add_player(db, "Tim")
    collection.add_cards(db, "Tim", [("Fae Armor", 2), ("Indecisive", 1)])
    tally: Counter[str] = Counter()
    path = tmp_path / "collection.csv"

    @hostile(KIND)
    @given(collection_files(), st.sampled_from(["add", "replace"]))
    def attempt(content: bytes, mode: str) -> None:
        path.write_bytes(content)
        tally["files"] += 1
        for way in ("cli", "service"):
            before = fx.state(db)
            tally["imports"] += 1
            if way == "cli":
                code, out, err = fx.cli("--db", db.url, "collection", "import", str(path),
                                        "--player", "Tim",
                                        *(["--replace"] if mode == "replace" else []))
                fx.assert_handled(code, out, err)
                refused = code != 0
            else:
                try:
                    csvio.import_collection_csv(db, "Tim", path, mode=mode)
                    refused = False
                except ChronicleError as exc:
                    assert str(exc)
                    refused = True
            tally["refused" if refused else "accepted"] += 1
            if refused:
                assert fx.state(db) == before

    try:
        attempt()
    finally:
        db.close()
    assert tally["files"] >= examples(KIND)
    fx.record("hostile collection CSVs", backend, inputs_tried=tally["files"],
              imports=tally["imports"], refused=tally["refused"], accepted=tally["accepted"],
              tracebacks=0, refused_imports_that_changed_the_database=0)
