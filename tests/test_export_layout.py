"""The generic PDF layer's promises of issue 33, each on a small document read back: layout
work linear in the rows (counted, not timed), a total row never alone at the head of a page,
blank rows filling a table's last page, a part sharing the previous part's page only when
both fit, page numbers over the whole file when a document asks, and findings worded for a
player (no field names, plural pronouns, "Allergies'")."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from pypdf import PdfReader

from chronicle.export import layout
from chronicle.export.model import Column, Document, Note, Part, Row, Table
from chronicle.export.pdf import render_pdf
from chronicle.export.wording import finding_notes, paper_words
from chronicle.rules.report import Report, Severity, Violation


def pages_of(document: Document, paper: str = "a4") -> list[str]:
    buffer = io.BytesIO()
    render_pdf(document, buffer, paper)
    return [page.extract_text() for page in PdfReader(io.BytesIO(buffer.getvalue())).pages]


def table_part(rows: int, *, total: bool = False, fill: bool = False, title: str = "T",
               new_page: bool = True) -> Part:
    body = [Row((f"Row {n}", str(n))) for n in range(rows)]
    if total:
        body.append(Row(("Total", str(rows)), tone="total"))
    table = Table((Column("Name", 3.0), Column("Value", 1.0, "right")), tuple(body),
                  title="Rows", context="Rows (continued)", fill=fill)
    return Part("Log", title, "", f"{title} footer", (table,), new_page=new_page)


def test_layout_work_grows_linearly_with_the_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = [0]
    height = layout.Band.height

    def counted(band: layout.Band) -> float:
        calls[0] += 1
        return height.fget(band)  # type: ignore[no-any-return, attr-defined]

    monkeypatch.setattr(layout.Band, "height", property(counted))
    work = {}
    for rows in (200, 2_000):
        calls[0] = 0
        pages_of(Document("Long", (table_part(rows),)))
        work[rows] = calls[0]
    # ten times the rows, about ten times the measuring (it was quadratic: 721,153 calls
    # for a 3,000-event log)
    assert work[2_000] <= 12 * work[200], work


def test_a_total_row_never_starts_a_page_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from chronicle.export import pdf

    monkeypatch.setattr(pdf, "TIGHTER", ())  # two pages even where smaller type saves one
    first = pages_of(Document("Long", (table_part(200),)))[0]
    on_first = sum(1 for n in range(200) if f"Row {n}\n" in first + "\n")
    # exactly as many rows as fill page 1: the total would stand alone on page 2
    pages = pages_of(Document("Edge", (table_part(on_first, total=True),)))
    assert len(pages) == 2
    second = pages[1]
    assert "Total" in second and "Row " in second.split("Total")[0]  # a row comes with it
    assert "Name" in second and "Rows (continued)" in second  # the head, repeated


def test_blank_rows_fill_the_rest_of_a_tables_last_page() -> None:
    lines = [len(pages_of(Document("Fill", (table_part(rows, fill=fill),)))[0].splitlines())
             for rows, fill in ((5, False), (5, True))]
    assert lines[0] == lines[1]  # blank rows print no text, and add no page
    buffer = io.BytesIO()
    render_pdf(Document("Fill", (table_part(5, fill=True),)), buffer)
    filled = buffer.getvalue()
    buffer = io.BytesIO()
    render_pdf(Document("Bare", (table_part(5),)), buffer)
    bare = buffer.getvalue()
    content = [PdfReader(io.BytesIO(data)).pages[0].get_contents() for data in (filled, bare)]
    assert content[0] is not None and content[1] is not None
    rules = [c.get_data().count(b" l S") for c in content]
    assert rules[0] > rules[1] + 20  # the rules of blank rows down to the page's foot


def test_an_optional_table_prints_only_where_it_fits_the_rest_of_its_page() -> None:
    days = Table((Column("Day", 1.0), Column("Note", 4.0)), (), title="Days to write in",
                 blank_rows=3, fill=True, optional=True)

    def with_days(rows: int) -> list[str]:
        part = table_part(rows)
        return pages_of(Document("Opt", (replace(part, blocks=(*part.blocks, days)),)))

    first = pages_of(Document("Long", (table_part(200),)))[0]
    on_first = sum(1 for n in range(200) if f"Row {n}\n" in first + "\n")
    short = with_days(5)
    assert len(short) == 1 and "Days to write in" in short[0]  # room: it prints
    full = with_days(on_first - 1)  # a page nearly full: no room for its three rows
    assert len(full) == 1 and "Days to write in" not in full[0]
    assert "Days to write in" in "".join(with_days(on_first + 20))  # on the next page's rest


def test_a_last_page_nearly_empty_is_saved_by_slightly_smaller_type() -> None:
    first = pages_of(Document("Long", (table_part(200),)))[0]
    on_first = sum(1 for n in range(200) if f"Row {n}\n" in first + "\n")
    assert len(pages_of(Document("Edge", (table_part(on_first + 2),)))) == 1
    assert len(pages_of(Document("Many", (table_part(on_first + 20),)))) == 2


def test_a_part_shares_the_previous_page_only_when_both_fit() -> None:
    short = pages_of(Document("Two", (table_part(3, title="One"),
                                      table_part(3, title="Two", new_page=False))))
    assert len(short) == 1 and "One" in short[0] and "Two" in short[0]
    assert "Page 1 of 1" in short[0]
    long = pages_of(Document("Two", (table_part(3, title="One"),
                                     table_part(60, title="Two", new_page=False))))
    assert len(long) == 3 and "Two" not in long[0]  # it starts a page of its own
    assert [f"Page {n} of 3" in text for n, text in enumerate(long, start=1)] == [True] * 3


def test_page_numbers_count_the_files_pages_whatever_its_parts() -> None:
    parts = (table_part(3, title="One"), table_part(60, title="Two"), table_part(3, title="3"))
    numbered = pages_of(Document("File", parts))
    assert len(numbered) == 4
    assert [re.findall(r"Page \d+ of \d+", t) for t in numbered] == [
        [f"Page {n} of 4"] for n in range(1, 5)]


def test_findings_read_as_a_players_english() -> None:
    unknown_type = [Violation("card.incomplete", Severity.WARNING,
                              f"{name!r} has no known type, needed to tell whether it counts "
                              "toward the court", (name,)) for name in ("Ward", "Glamour")]
    rating = Violation("card.incomplete", Severity.WARNING,
                       "'Quest_one' has no known treasure_rating, needed for the Treasure "
                       "rating", ("Quest_one",), fix="fill in Quest_one's treasure_rating")
    bonus = Violation("card.incomplete", Severity.ERROR, "'Allergies' has no known bonus",
                      ("Allergies",), fix="fill in Allergies's bonus from the physical card")
    notes = finding_notes(Report(violations=[*unknown_type, rating, bonus]))
    text = " ".join(n.text for n in notes)
    assert "whether they count toward the court" in text and "whether them" not in text
    assert "treasure rating" in text and "treasure_rating" not in text
    assert "Quest_one" in text  # a card's own name stays as typed
    assert "Allergies' bonus" in text and "Allergies's" not in text
    assert paper_words("may_be_kept by Moss's", ["Moss"]) == "may be kept by Moss'"


def test_notes_are_plain_text_in_the_pdf() -> None:
    part = Part("Log", "Notes", "", "", (Note("a <b>note</b> & more", label="Check:"),))
    (text,) = pages_of(Document("Notes", (part,)))
    assert "a <b>note</b> & more" in text
