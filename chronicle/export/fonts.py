"""The fonts of the PDFs, and text cut into runs that each font can print.

Text is set in Source Sans Pro (regular, semibold, bold, italic), a TrueType font shipped by the
small ``font-source-sans-pro`` package (SIL Open Font License, a 2 MB wheel without
dependencies) and embedded, subset, in every PDF. It covers Latin with accents, Greek and
Cyrillic. (reportlab's own Vera covers little beyond Western Latin, and DejaVu Sans comes on PyPI
only with the rinohtype typesetter as a dependency.)

Chinese, Japanese and Korean, which no reasonably small shipped font covers, fall back run by
run to reportlab's built-in CID fonts (the Adobe Asian font packs): Hangul in HYGothic-Medium,
kana in HeiseiKakuGo-W5, and Han characters in HeiseiKakuGo-W5 when their stretch of text has
kana, HYGothic-Medium when it has Hangul, else STSong-Light (Chinese, the largest character
set). CID fonts are not embedded: the PDF viewer supplies them (Adobe Reader does; poppler uses
a CJK font installed on the system). Scripts neither covers (Hebrew, Arabic, emoji) print as the
missing-glyph box: right-to-left text would need shaping and reordering reportlab lacks.
Control and format characters are dropped, so nothing a user types can break the layout.

Everything here imports reportlab: only the renderer uses this module.
"""

from __future__ import annotations

import importlib.util
import re
import threading
import unicodedata
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

from chronicle.errors import ChronicleError

FAMILY = "ChronicleSans"
REGULAR = "ChronicleSans"
SEMIBOLD = "ChronicleSans-Semibold"
BOLD = "ChronicleSans-Bold"
ITALIC = "ChronicleSans-Italic"
FILES = {REGULAR: "SourceSansPro-Regular.ttf", SEMIBOLD: "SourceSansPro-Semibold.ttf",
         BOLD: "SourceSansPro-Bold.ttf", ITALIC: "SourceSansPro-It.ttf"}
FONT_PACKAGE = "font_source_sans_pro"

CHINESE = "STSong-Light"
JAPANESE = "HeiseiKakuGo-W5"
KOREAN = "HYGothic-Medium"

_CJK_RANGES = ((0x1100, 0x11FF), (0x2E80, 0x2FFF), (0x3000, 0x9FFF), (0xA960, 0xA97F),
               (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
               (0x20000, 0x3FFFF))
_KANA_RANGES = ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF66, 0xFF9F))
_HANGUL_RANGES = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF))

_coverage: dict[str, frozenset[int]] = {}
_registering = threading.Lock()


def font_folder() -> Path:
    """The folder of the shipped TrueType files.

    Raises:
        ChronicleError: when the font package is not installed.
    """
    spec = importlib.util.find_spec(FONT_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        folder = Path(location) / "files"
        if (folder / FILES[REGULAR]).is_file():
            return folder
    raise ChronicleError("the PDF font is missing: install the font-source-sans-pro package "
                         "(pip install font-source-sans-pro), a dependency of Arcadia Chronicle")


def register_fonts() -> None:
    """Register the fonts with reportlab (once per process, whichever thread asks first)."""
    if _coverage:
        return
    with _registering:
        if _coverage:
            return
        folder = font_folder()
        coverage = {}
        for name, file in FILES.items():
            font = TTFont(name, str(folder / file))
            pdfmetrics.registerFont(font)
            coverage[name] = frozenset(font.face.charToGlyph)
        pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                      boldItalic=BOLD)
        for name in (CHINESE, JAPANESE, KOREAN):
            pdfmetrics.registerFont(UnicodeCIDFont(name))
        _coverage.update(coverage)


def _within(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= code <= high for low, high in ranges)


def is_cjk(char: str) -> bool:
    """True for Chinese, Japanese and Korean characters and their punctuation."""
    return _within(ord(char), _CJK_RANGES)


def cjk_font(text: str) -> str:
    """The CID font for a stretch of CJK text: Japanese when it has kana, Korean when it has
    Hangul, else Chinese (whose character set is the largest)."""
    codes = [ord(c) for c in text]
    if any(_within(c, _KANA_RANGES) for c in codes):
        return JAPANESE
    if any(_within(c, _HANGUL_RANGES) for c in codes):
        return KOREAN
    return CHINESE


_CJK_STRETCH = re.compile("[" + "".join(f"\\U{low:08x}-\\U{high:08x}"
                                         for low, high in _CJK_RANGES) + "]+")


def cid_fonts(text: str) -> dict[int, str]:
    """The CID font of each CJK character of ``text``, by position: Hangul is Korean and kana
    Japanese; other characters (Han) follow the unbroken stretch of CJK text they stand in."""
    chosen: dict[int, str] = {}
    for match in _CJK_STRETCH.finditer(text):
        stretch = match.group()
        default = cjk_font(stretch)
        for offset, char in enumerate(stretch):
            code = ord(char)
            if _within(code, _HANGUL_RANGES):
                chosen[match.start() + offset] = KOREAN
            elif _within(code, _KANA_RANGES):
                chosen[match.start() + offset] = JAPANESE
            else:
                chosen[match.start() + offset] = default
    return chosen


def clean(text: str, *, single_line: bool = False) -> str:
    """``text`` without what cannot be printed: control and format characters are dropped,
    tabs become spaces, lone surrogates become U+FFFD; with ``single_line`` line breaks become
    spaces too."""
    if text.isascii() and text.isprintable():
        return text
    kept = []
    for char in text:
        if char == "\n" and not single_line:
            kept.append(char)
        elif char in "\t\n\r\x0b\x0c\x85\u2028\u2029":
            kept.append(" ")
        elif 0xD800 <= ord(char) <= 0xDFFF:
            kept.append("\ufffd")
        elif unicodedata.category(char) in ("Cc", "Cf") and char not in "\u200c\u200d":
            continue
        else:
            kept.append(char)
    return "".join(kept)


def runs(text: str, font: str = REGULAR) -> list[tuple[str, str]]:
    """``text`` cut into ``(font name, text)`` runs: each character in ``font`` when it has a
    glyph there, else in the regular font, else (CJK) in a CID font."""
    if text.isascii():
        return [(font, text)] if text else []
    register_fonts()
    own = _coverage.get(font)
    if own is None:  # a CID font: it prints whatever it is given
        return [(font, text)] if text else []
    regular = _coverage[REGULAR]
    cid: dict[int, str] | None = None
    found: list[tuple[str, str]] = []
    for index, char in enumerate(text):
        code = ord(char)
        if code in own or char == " ":
            name = font
        elif code in regular:
            name = REGULAR
        elif is_cjk(char):
            cid = cid if cid is not None else cid_fonts(text)
            name = cid.get(index, CHINESE)
        else:
            name = font
        if found and found[-1][0] == name:
            found[-1] = (name, found[-1][1] + char)
        else:
            found.append((name, char))
    return found


@lru_cache(maxsize=8192)
def width(text: str, font: str, size: float) -> float:
    """The printed width of ``text`` in points, fallback fonts included."""
    return sum(pdfmetrics.stringWidth(part, name, size) for name, part in runs(text, font))


def _tokens(text: str) -> list[str]:
    """Words with their trailing spaces; each CJK character is a word of its own (lines break
    between them)."""
    tokens: list[str] = []
    current = ""
    for char in text:
        if is_cjk(char):
            if current:
                tokens.append(current)
            tokens.append(char)
            current = ""
        elif char == " ":
            current += char
        else:
            if current.endswith(" "):
                tokens.append(current)
                current = ""
            current += char
    if current:
        tokens.append(current)
    return tokens


def _break_word(token: str, font: str, size: float, room: float) -> list[str]:
    """A word too wide for a line, cut into pieces that fit."""
    pieces: list[str] = []
    current = ""
    for char in token:
        if current and width(current + char, font, size) > room:
            pieces.append(current)
            current = char
        else:
            current += char
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, font: str, size: float, room: float) -> list[str]:
    """``text`` broken into lines at most ``room`` points wide (at spaces, between CJK
    characters, and inside a word only when the word alone is too wide). Line breaks in
    ``text`` are kept; an empty text is one empty line."""
    lines: list[str] = []
    for paragraph in clean(text).split("\n"):
        if width(paragraph, font, size) <= room:
            lines.append(paragraph.rstrip())
            continue
        current = ""
        for token in _tokens(paragraph):
            if width((current + token).rstrip(), font, size) <= room:
                current += token
                continue
            if current.strip():
                lines.append(current.rstrip())
            current = ""
            if width(token.rstrip(), font, size) > room:
                *full, current = _break_word(token, font, size, room)
                lines.extend(full)
            else:
                current = token
        lines.append(current.rstrip())
    return lines or [""]


def markup(text: str, font: str = REGULAR) -> str:
    """``text`` as reportlab Paragraph markup: ``&``, ``<`` and ``>`` escaped, line breaks as
    ``<br/>``, and runs the font lacks wrapped in ``<font name=...>``."""
    parts = []
    for name, part in runs(clean(text), font):
        escaped = escape(part).replace("\n", "<br/>")
        parts.append(escaped if name == font else f'<font name="{name}">{escaped}</font>')
    return "".join(parts)
