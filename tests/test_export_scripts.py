"""Every script a player writes a name in prints, embedded, and reads back as typed: Hebrew and
Arabic (shaped, drawn right to left, extracted in logical order), Chinese, Japanese, Korean
(with bold), emoji, Greek, Cyrillic, Armenian, Georgian; a character no font has is named."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from test_export_document import in_memory_character, merit

from chronicle.export import fonts
from chronicle.export.pdf import render_pdf
from chronicle.systems.wyld_hunt.sheets.document import Document, sheet_document

NAMES = {
    "hebrew": "שלום עליכם",
    "arabic": "مرحبا بالعالم",
    "arabic ligature": "لا إله",
    "japanese": "名前ひらがな",
    "korean": "한국어 이름",
    "chinese": "汉字名字",
    "emoji": "🐉🔥",
    "greek": "Ωμέγα Αλφα",
    "cyrillic": "Жар-птица",
    "armenian": "Արամ",
    "georgian": "თამარ",
}


def pdf_of(document: Document) -> bytes:
    buffer = io.BytesIO()
    render_pdf(document, buffer)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def many_scripts() -> bytes:
    character = in_memory_character(
        "名前 Drache 🐉", player="مرحبا بالعالم",
        merits=[merit(name) for name in NAMES.values()],
        background=f"Hebrew: {NAMES['hebrew']}. Arabic: {NAMES['arabic']}.")
    return pdf_of(sheet_document(character))


def test_every_script_reads_back_as_typed(many_scripts: bytes) -> None:
    pages = PdfReader(io.BytesIO(many_scripts)).pages
    text = "\n".join(page.extract_text() for page in pages)
    for script, name in NAMES.items():
        assert name in text, script  # Hebrew and Arabic in logical order, letters as typed
    assert "名前Drache🐉" in "".join(text.split())  # runs in three faces, one name
    assert "\ufe8e" not in text and "\ufefb" not in text  # no presentation forms leak out


def test_arabic_is_shaped_and_right_to_left_lines_are_drawn_reversed() -> None:
    drawn = fonts.visual("مرحبا")
    assert any(0xFE70 <= ord(c) <= 0xFEFF for c in drawn)  # joined forms
    assert fonts.visual("שלום") == "םולש"
    # an English caption with a Hebrew name stays left to right around it
    assert fonts.visual("שלום's sheet").endswith("'s sheet")
    assert fonts.visual("Abc") == "Abc"


def test_every_font_is_embedded_as_a_subset(many_scripts: bytes) -> None:
    reader = PdfReader(io.BytesIO(many_scripts))
    names = set()
    content = b"".join(page.get_contents().get_data() for page in reader.pages
                       if page.get_contents() is not None)
    for key, font in reader.pages[0]["/Resources"]["/Font"].items():
        font = font.get_object()
        if font["/Subtype"] == "/Type1":  # reportlab declares Helvetica on every page ...
            used = content.count(f"{key} ".encode())  # ... and never sets text in it
            assert used == len(re.findall(rf"{key} [\d.]+ Tf [\d.]+ TL ET".encode(), content))
            continue
        names.add(str(font["/BaseFont"]))
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font["/BaseFont"]
    assert all(re.match(r"/?[A-Z]{6}\+", name) for name in names), names
    joined = " ".join(names)
    for family in ("NotoSansHebrew", "NotoSansArabic", "NotoSansJP", "NotoSansKR",
                   "NotoSansSC", "NotoEmoji", "SourceSansPro"):
        assert family in joined, family
    # subsets are small: the whole sheet with five extra faces stays well under a megabyte
    assert len(many_scripts) < 400_000


def test_cjk_text_prints_in_a_real_regular_and_a_real_bold_face(many_scripts: bytes) -> None:
    reader = PdfReader(io.BytesIO(many_scripts))
    embedded = {re.sub(r"-\d+$", "", str(font.get_object()["/BaseFont"]).split("+")[-1])
                for page in reader.pages
                for font in page["/Resources"]["/Font"].values()}
    # static instances of the variable Noto Sans CJK files: the name in a bold title, the
    # Merits in regular text, each in its own weight, never the thin default made heavier
    assert {"NotoSansSC-Bold", "NotoSansJP-Regular", "NotoSansKR-Regular",
            "NotoSansSC-Regular"} <= embedded, embedded
    assert not any(name.endswith("-Thin") for name in embedded), embedded
    bold = fonts.static_face(fonts.JAPANESE, fonts.BOLD, "ひらがな")
    assert bold is not None and fonts.outline(bold, fonts.BOLD) == 0  # never outlined
    assert fonts.outline(fonts.REGULAR, fonts.BOLD) == 0  # the text font has real bold
    assert fonts.outline(fonts.HEBREW, fonts.REGULAR) == 0
    assert fonts.outline(fonts.EMOJI, fonts.BOLD) > 0  # a one-weight face, made heavier


def test_a_bold_cjk_glyph_is_heavier_than_its_regular() -> None:
    from reportlab.pdfbase import pdfmetrics

    fonts.prepare(["影精"])
    regular = fonts.static_face(fonts.CHINESE, fonts.REGULAR, "影精")
    bold = fonts.static_face(fonts.CHINESE, fonts.BOLD, "影精")
    assert regular and bold and regular != bold
    glyphs = []
    for name in (regular, bold):
        face = pdfmetrics.getFont(name).face
        glyphs.append(face.charToGlyph[ord("影")])
    assert glyphs[0] == glyphs[1]  # the same character, cut at two weights
    assert fonts.width("影精", fonts.BOLD, 10) == pytest.approx(20, abs=0.5)


def test_brackets_of_right_to_left_text_are_mirrored() -> None:
    assert fonts.visual("שרה בת אברהם (דני)") == "(ינד) םהרבא תב הרש"
    assert fonts.visual("שרה בת אברהם (continued)") == "(continued) םהרבא תב הרש"
    assert fonts.visual("ليلى بنت أحمد (سارة)").startswith("(")
    assert fonts.visual("ליאת [בת] {דני} <רון>") == "<ןור> {ינד} [תב] תאיל"
    assert fonts.visual("שרה בת אברהם (Sarah)") == "(Sarah) םהרבא תב הרש"
    # a Hebrew name in parentheses in an English line keeps them the way round
    assert fonts.visual("Winerdria (שרה) · Character Sheet") == (
        "Winerdria (הרש) · Character Sheet")
    # a Hebrew name and its player in brackets, in an English line: the pair resolved as a
    # pair (rule N0), both brackets mirrored, never ")ינד) ... הרש)"
    assert fonts.visual("שרה בת אברהם (דני) · Character Sheet") == (
        "(ינד) םהרבא תב הרש · Character Sheet")
    assert fonts.visual("Ann (שרה) and (Sarah) שרה", "L") == "Ann (הרש) and (Sarah) הרש"


MIRROR = str.maketrans("()[]{}<>", ")(][}{><")
HEBREW_WORDS = st.sampled_from(["שרה", "דני", "אברהם", "בת", "12", "🐉"])


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.lists(st.tuples(HEBREW_WORDS, st.sampled_from(["", "()", "[]", "{}", "<>"])),
                min_size=1, max_size=8).filter(lambda ws: any(w[0].isalpha() for w in ws)))
def test_a_hebrew_line_is_drawn_reversed_with_its_brackets_mirrored(
        words: list[tuple[str, str]]) -> None:
    # a line of Hebrew words, some in brackets, numbers and emoji: the words drawn in
    # reverse order, each Hebrew word reversed, numbers kept, and every bracket still
    # opening towards its word (mirrored: ")שרה(" would be the bracket drawn as typed)
    typed = " ".join(f"{pair[:1]}{word}{pair[1:]}" for word, pair in words)
    expected = " ".join(f"{pair[:1]}{word[::-1] if word.isalpha() else word}{pair[1:]}"
                        for word, pair in reversed(words))
    assert fonts.visual(typed) == expected


def test_every_line_of_a_wrapped_paragraph_reads_in_the_paragraphs_direction() -> None:
    from reportlab.lib.colors import black

    from chronicle.export.layout import TextStyle, cell

    # an English paragraph (more Latin letters than Arabic) wrapped so that one of its lines,
    # an English word then Arabic names, holds more Arabic letters than Latin ones
    text = "Created: Sidhe Female; Merits ليلى بنت أحمد 00, ليلى بنت أحمد 01"
    style = TextStyle(fonts.REGULAR, 9, 11, black)
    for width in range(60, 240, 4):
        made = cell(0, width, text, style)
        mixed = [line for line in made.lines
                 if fonts.reads_right_to_left(line) and line[:1].isascii()]
        if mixed:
            break
    assert mixed and made.base == "L", made.lines
    line = mixed[0]
    first = line.split()[0]
    # drawn as a line of its English paragraph: the English word first, at the left; read
    # on its own the line would start at the right with it
    assert fonts.visual(line, made.base).startswith(first)
    assert not fonts.visual(line).startswith(first)
    assert cell(0, 400, text, style).base == ""  # one line: its own direction


def test_an_emoji_is_followed_by_a_space_of_the_text_font() -> None:
    found = fonts.runs("Mira 🐉🔥 Stormborn")
    assert found[1] == (fonts.EMOJI, "🐉🔥")  # the space after them is the text font's
    gap = fonts.width("🐉 x", fonts.REGULAR, 10) - fonts.width("🐉x", fonts.REGULAR, 10)
    assert gap == pytest.approx(fonts.width(" ", fonts.REGULAR, 10))


def test_runs_pick_a_face_for_each_script() -> None:
    faces = [face for face, _text in fonts.runs("Zoë 名前ひらがな 한국어 汉字 שלום مرحبا 🐉")]
    assert faces == [fonts.REGULAR, fonts.JAPANESE, fonts.KOREAN, fonts.CHINESE,
                     fonts.HEBREW, fonts.ARABIC, fonts.EMOJI]


def test_characters_no_font_has_are_named() -> None:
    assert fonts.unprintable(["Zoë ᚠᛁ 名前 𓀀 שלום 🐉 ❤️", "ᚠ again"]) == ["ᚠ", "ᛁ", "𓀀"]
    assert fonts.unprintable(["plain", "Жар-птица", "汉字"]) == []


ALPHABET = st.sampled_from([*"abc XYZ éø Ωμ Жж שלום مرحبا 汉字 かな 한국 🐉🔥 ᚠ", "\n"])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(ALPHABET, max_size=120).map("".join), st.integers(min_value=20, max_value=300))
def test_wrapping_keeps_every_character_and_stays_within_its_room(text: str, room: int) -> None:
    lines = fonts.wrap(text, fonts.REGULAR, 10, room)
    assert "".join("".join(lines).split()) == "".join(fonts.clean(text).split())
    for line in lines:  # only a single character wider than the room may overflow
        assert fonts.width(line, fonts.REGULAR, 10) <= room + 0.01 or len(line.strip()) == 1


@pytest.mark.parametrize(("environment", "paper"), [
    ({}, "a4"),
    ({"LANG": "en_US.UTF-8"}, "letter"),
    ({"LANG": "en_GB.UTF-8"}, "a4"),
    ({"LC_PAPER": "es_MX.UTF-8", "LANG": "de_DE.UTF-8"}, "letter"),
    ({"LC_ALL": "fr_CA", "LANG": "en_US.UTF-8"}, "letter"),
    ({"LC_ALL": "fr_FR.UTF-8@euro", "LANG": "en_US.UTF-8"}, "a4"),
    ({"LANG": "C.UTF-8"}, "a4"),
    ({"CHRONICLE_PAPER": "Letter", "LANG": "de_DE"}, "letter"),
    ({"CHRONICLE_PAPER": " a4 ", "LANG": "en_US"}, "a4"),
])
def test_the_default_paper_follows_the_setting_then_the_locale(
        environment: dict[str, str], paper: str) -> None:
    from chronicle.services.exports import default_paper

    assert default_paper(environment) == paper


def test_the_readme_names_every_font_the_sheets_embed() -> None:
    from pathlib import Path

    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text(
        encoding="utf-8").split())
    start = readme.index("Sheets embed every font")
    paragraph = readme[start:readme.index("brackets mirrored", start)]
    assert "Source Sans Pro" in paragraph
    for _package, file in fonts.FALLBACK_FILES.values():
        family = file.rsplit("/", 1)[-1].split("[")[0]  # NotoSansHebrew, NotoSansSC, NotoEmoji
        words = family.replace("NotoSans", "").replace("Noto", "")
        assert words in paragraph, family
    assert "no viewer or printer needs fonts of its own" in paragraph
    assert "built-in" not in readme.lower() or "Asian fonts" not in readme


def right_end(pieces: list[tuple[str, float, float]], size: float) -> float:
    """Where the last glyph of a line's pieces ends (its pieces' starts read back, their
    widths measured in the fonts they print in)."""
    return max(x + fonts.width(text, fonts.REGULAR, size) for text, _y, x in pieces)


def test_a_right_to_left_cell_is_set_flush_right_in_its_column() -> None:
    from test_export_pages import placed

    from chronicle.export.model import Column, Part, Row, Table
    from chronicle.export.pdf import PdfRenderer

    names = ["Ann", "שרה בת אברהם", "ليلى بنت أحمد", "Mira 🐉", "שרה (Sarah Cohen)"]
    table = Table((Column("Name", 3.0), Column("Points", 1.0, "right")),
                  tuple(Row((name, "12")) for name in names))
    renderer = PdfRenderer()
    (page,) = placed(pdf_of(Document("Names", (Part("Roster", "Names", "", "", (table,)),))))
    left = renderer.margin_left + 3  # the Name column, less its padding
    right = renderer.margin_left + renderer.frame_size[0] * 3 / 4 - 3
    ys = [y for text, y, x in page if text == "12" and x > right]  # a row each, in order
    rows = {name: [p for p in page if abs(p[1] - y) < 1 and p[2] < right]
            for name, y in zip(names, ys, strict=True)}
    for name in ("שרה בת אברהם", "ليلى بنت أحمد"):  # Hebrew, Arabic: from the right edge
        pieces = rows[name]
        assert right_end(pieces, 8.5) == pytest.approx(right, abs=0.5), name
        assert min(x for _t, _y, x in pieces) > left + 100, name
    for name in ("Ann", "Mira 🐉", "שרה (Sarah Cohen)"):  # mostly Latin letters: from the left
        assert min(x for _t, _y, x in rows[name]) == pytest.approx(left, abs=0.5), name


def test_hebrew_card_names_line_up_at_the_right_of_their_name_column() -> None:
    import export_stress as stress
    from test_export_pages import placed

    (page,) = placed(stress.pdf(sheet_document(stress.character(
        stress.NAMES["hebrew"], script="hebrew", merits=6))))
    (indecisive,) = [(y, x) for text, y, x in page if text == "Indecisive"]
    (abilities,) = [y for text, y, _x in page if text == "Abilities"]
    cost = min(x for text, _y, x in page if text == "Cost")  # the left boxes' Cost column
    rows = sorted({round(y, 1) for text, y, x in page
                   if indecisive[0] < y < abilities and x < cost
                   and fonts.reads_right_to_left(text)})
    assert len(rows) == 4  # Abilities 00 and 05, Advantages 01, Treasures 04
    ends = []
    for y in rows:
        row = [p for p in page if abs(p[1] - y) < 1 and p[2] < cost - 5]
        ends.append((round(right_end(row, 9), 1), min(x for _t, _y, x in row)))
    assert len({end for end, _start in ends}) == 1, ends  # every name ends at one edge,
    assert ends[0][0] > cost - 25, ends  # the name column's, beside the cost,
    assert all(start > indecisive[1] + 30 for _end, start in ends), ends  # not flush left
