"""The fonts of the PDFs, and text cut into runs that each font can print.

Every font is a TrueType file from a package on PyPI under the SIL Open Font License (which
allows embedding), embedded as a subset of the glyphs a document uses:

- Source Sans Pro (``font-source-sans-pro``): the text face, in regular, semibold, bold and
  italic. Latin with accents, Greek, Cyrillic.
- Noto Sans Hebrew, Noto Sans Arabic, Noto Sans Armenian, Georgian, Ethiopic, Thai, Noto Sans
  Symbols and Noto Emoji (monochrome, prints in black and white) from ``manimgx-fonts``.
- Noto Sans SC, JP and KR (``justmytype-intl-cjk``): Chinese, Japanese, Korean. Han characters
  take the Japanese face in a stretch of text with kana, the Korean one beside Hangul, else the
  Chinese one.

The CJK files are variable fonts whose default instance is their thinnest: ``prepare`` cuts
them to the characters a document prints and sets them at real regular, semibold and bold
weights (fontTools' instancer), registered as static faces ("NotoSansSC-Bold"). The other
fallback faces come in one weight; where the sheet sets bold or semibold text in them (a
heading, a card box's title) they are printed with a thin outline ("fake bold", PDF text
render mode 2), which a reader takes for bold (``outline``); a space after emoji is set in the
text font (Noto Emoji's own space is 1.27 em wide).

Right-to-left text (Hebrew, Arabic) is reordered line by line into the order it is drawn in,
brackets of right-to-left runs mirrored, after Arabic letters take their joined forms
(``chronicle.export.rtl``). Arabic's joined forms are mapped back to the letters typed in the
PDF's text layer (``EmbeddedFont``), so text copied or extracted from a PDF is what was typed.

A character no font has prints as a box; ``unprintable`` lists them, so an export can say which
characters will not print. Control and format characters are dropped, so nothing a user types
can break the layout.

Everything here imports reportlab: only the renderer uses this module.
"""

from __future__ import annotations

import importlib.util
import re
import threading
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import SUBSETN, TTFont

from chronicle.errors import ChronicleError
from chronicle.export.rtl import direction, reads_right_to_left, visual
from chronicle.export.rtl import is_rtl as _is_rtl

__all__ = ["direction", "reads_right_to_left", "visual"]

FAMILY = "ChronicleSans"
REGULAR = "ChronicleSans"
SEMIBOLD = "ChronicleSans-Semibold"
BOLD = "ChronicleSans-Bold"
ITALIC = "ChronicleSans-Italic"
FILES = {REGULAR: "SourceSansPro-Regular.ttf", SEMIBOLD: "SourceSansPro-Semibold.ttf",
         BOLD: "SourceSansPro-Bold.ttf", ITALIC: "SourceSansPro-It.ttf"}
FONT_PACKAGE = "font_source_sans_pro"
_OWN_FACES = frozenset(FILES)

HEBREW = "ChronicleHebrew"
ARABIC = "ChronicleArabic"
ARMENIAN = "ChronicleArmenian"
GEORGIAN = "ChronicleGeorgian"
ETHIOPIC = "ChronicleEthiopic"
THAI = "ChronicleThai"
SYMBOLS = "ChronicleSymbols"
EMOJI = "ChronicleEmoji"
CHINESE = "ChronicleCJK-SC"
JAPANESE = "ChronicleCJK-JP"
KOREAN = "ChronicleCJK-KR"

_NOTO = "manimgx_fonts"
_CJK = "justmytype_intl_cjk"
FALLBACK_FILES: dict[str, tuple[str, str]] = {
    HEBREW: (_NOTO, "NotoSansHebrew[wght].ttf"),
    ARABIC: (_NOTO, "NotoSansArabic[wght].ttf"),
    ARMENIAN: (_NOTO, "NotoSansArmenian[wght].ttf"),
    GEORGIAN: (_NOTO, "NotoSansGeorgian[wght].ttf"),
    ETHIOPIC: (_NOTO, "NotoSansEthiopic[wght].ttf"),
    THAI: (_NOTO, "NotoSansThai[wght].ttf"),
    SYMBOLS: (_NOTO, "NotoSansSymbols[wght].ttf"),
    EMOJI: (_NOTO, "NotoEmoji[wght].ttf"),
    CHINESE: (_CJK, "fonts/ofl/notosanssc/NotoSansSC[wght].ttf"),
    JAPANESE: (_CJK, "fonts/ofl/notosansjp/NotoSansJP[wght].ttf"),
    KOREAN: (_CJK, "fonts/ofl/notosanskr/NotoSansKR[wght].ttf"),
}
"""Each fallback face: the package that ships it and the file within."""
_SCRIPT_FALLBACKS = (HEBREW, ARABIC, ARMENIAN, GEORGIAN, ETHIOPIC, THAI, SYMBOLS, EMOJI)
"""Tried in this order for a character the text face lacks (CJK is chosen by script)."""
PACKAGES = {_NOTO: "manimgx-fonts", _CJK: "justmytype-intl-cjk",
            FONT_PACKAGE: "font-source-sans-pro"}

_CJK_RANGES = ((0x1100, 0x11FF), (0x2E80, 0x2FFF), (0x3000, 0x9FFF), (0xA960, 0xA97F),
               (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
               (0x20000, 0x3FFFF))
_KANA_RANGES = ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF66, 0xFF9F))
_HANGUL_RANGES = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF))
_THIN = frozenset({CHINESE, JAPANESE, KOREAN})
"""Faces whose one weight is their thinnest (the CJK files' default instance)."""
_WIDE_SPACE = frozenset({EMOJI, SYMBOLS})
"""Faces whose space is wider than the text font's (Noto Emoji's is 1.27 em): a space after
their run is set in the text font, so an emoji is not followed by a gap."""
_WEIGHT = {REGULAR: 0.0, ITALIC: 0.0, SEMIBOLD: 0.03, BOLD: 0.045}
"""How much an outline adds to a regular face to look like each face of the text font."""
_SILENT = frozenset("\u200c\u200d\ufe0e\ufe0f")
"""Joiners and variation selectors: they choose a form, print nothing, and need no glyph."""

_coverage: dict[str, frozenset[int]] = {}
_registering = threading.Lock()


def _package_folder(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    for location in list(spec.submodule_search_locations or []) if spec else []:
        return Path(location)
    raise ChronicleError(f"a PDF font is missing: install the {PACKAGES[package]} package "
                         f"(pip install {PACKAGES[package]}), a dependency of Arcadia "
                         "Chronicle")


def font_folder() -> Path:
    """The folder of the text face's TrueType files.

    Raises:
        ChronicleError: when the font package is not installed.
    """
    folder = _package_folder(FONT_PACKAGE) / "files"
    if (folder / FILES[REGULAR]).is_file():
        return folder
    raise ChronicleError("the PDF font is missing: install the font-source-sans-pro package "
                         "(pip install font-source-sans-pro), a dependency of Arcadia Chronicle")


class EmbeddedFont(TTFont):
    """A TrueType font whose text layer (ToUnicode map) is right for every character: Arabic's
    joined forms (the presentation forms ``arabic-reshaper`` draws) map back to the letters
    they stand for, so extracted text is what the user typed, and characters beyond U+FFFF
    (emoji) are written as UTF-16 pairs (reportlab writes them as five hex digits, which
    readers reject)."""

    def addObjects(self, doc: Any) -> None:
        state = self.state.get(doc)
        subsets = [list(s) for s in state.subsets] if state is not None else []
        super().addObjects(doc)  # drops the document's state
        for number, subset in enumerate(subsets):
            base = b"".join((SUBSETN(number), b"+", self.face.name,
                             self.face.subfontNameX)).decode("pdfdoc")
            stream = doc.idToObject.get("toUnicodeCMap:" + base)
            if stream is not None:
                stream.content = _to_unicode(base, subset)


def _to_unicode(name: str, subset: list[int]) -> str:
    """A ToUnicode CMap for ``subset`` with presentation forms decomposed (NFKC)."""
    entries = []
    for code, char in enumerate(subset):
        text = chr(char)
        if 0xFB50 <= char <= 0xFDFF or 0xFE70 <= char <= 0xFEFF:
            text = unicodedata.normalize("NFKC", text)
        hexed = "".join(f"{unit:04X}" for unit in _utf16(text))
        entries.append(f"<{code:02X}> <{hexed}>")
    return "\n".join([
        "/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
        "/CIDSystemInfo", f"<< /Registry ({name})", f"/Ordering ({name})", "/Supplement 0",
        ">> def", f"/CMapName /{name} def", "/CMapType 2 def", "1 begincodespacerange",
        f"<00> <{len(subset) - 1:02X}>", "endcodespacerange", f"{len(entries)} beginbfchar",
        *entries, "endbfchar", "endcmap", "CMapName currentdict /CMap defineresource pop",
        "end", "end"])


def _utf16(text: str) -> list[int]:
    data = text.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)]


def register_fonts() -> None:
    """Register the text face with reportlab (once per process, whichever thread asks first);
    the fallback faces are registered when a text first needs them."""
    if REGULAR in _coverage:
        return
    with _registering:
        if REGULAR in _coverage:
            return
        folder = font_folder()
        coverage = {}
        for name, file in FILES.items():
            font = EmbeddedFont(name, str(folder / file))
            pdfmetrics.registerFont(font)
            coverage[name] = frozenset(font.face.charToGlyph)
        pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                      boldItalic=BOLD)
        _coverage.update(coverage)


def fallback(name: str) -> frozenset[int]:
    """The characters of the fallback face ``name``, registering it on first use."""
    found = _coverage.get(name)
    if found is not None:
        return found
    with _registering:
        if name not in _coverage:
            package, file = FALLBACK_FILES[name]
            path = _package_folder(package) / file
            if not path.is_file():
                raise ChronicleError(f"a PDF font is missing: {path} (reinstall the "
                                     f"{PACKAGES[package]} package)")
            font = EmbeddedFont(name, str(path))
            pdfmetrics.registerFont(font)
            _coverage[name] = frozenset(font.face.charToGlyph)
    return _coverage[name]


_CJK_WEIGHTS = {REGULAR: 400, ITALIC: 400, SEMIBOLD: 600, BOLD: 700}
"""The weight of each CJK static face drawn for a face of the text font."""
_WEIGHT_NAMES = {400: "Regular", 600: "SemiBold", 700: "Bold"}
_static: dict[tuple[str, int], tuple[str, frozenset[int]]] = {}
"""Each CJK face's static instance at a weight: its registered name and its characters."""
_static_chars: dict[str, frozenset[int]] = {}
_static_names: set[str] = set()
_generation = [0]


def _instances(face: str, chars: frozenset[int], generation: int = 1) -> dict[int, bytes]:
    """The CJK variable face ``face`` cut down to ``chars`` and set at each weight: real
    regular, semibold and bold outlines (fontTools' instancer), as TrueType files named
    "NotoSansSC-Bold" (a later, larger cut "NotoSansSC-Bold-2": reportlab knows a face by
    its name)."""
    import io

    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont as ToolsFont  # type: ignore[import-untyped]
    from fontTools.varLib import instancer  # type: ignore[import-untyped]

    package, file = FALLBACK_FILES[face]
    source = ToolsFont(str(_package_folder(package) / file), lazy=True)
    cutter = subset.Subsetter(subset.Options(layout_features=[], notdef_outline=True,
                                             name_IDs=["*"], glyph_names=False,
                                             hinting=False))
    cutter.populate(unicodes=sorted(chars))
    cutter.subset(source)
    small = io.BytesIO()
    source.save(small)
    made = {}
    for weight in sorted(set(_CJK_WEIGHTS.values())):
        static = instancer.instantiateVariableFont(ToolsFont(io.BytesIO(small.getvalue())),
                                                   {"wght": weight})
        style = _WEIGHT_NAMES[weight]
        family = Path(file).stem.split("[")[0]  # NotoSansSC
        names = static["name"]
        names.removeNames(nameID=6)
        suffix = f"-{generation}" if generation > 1 else ""
        names.setName(f"{family}-{style}{suffix}", 6, 3, 1, 0x409)  # its own name
        names.setName(style, 2, 3, 1, 0x409)
        out = io.BytesIO()
        static.save(out)
        made[weight] = out.getvalue()
    return made


def prepare(texts: Iterable[str]) -> None:
    """Make the static CJK faces the ``texts`` need (regular, semibold and bold instances of
    the variable Noto Sans SC, JP and KR holding every CJK character asked for so far), so
    Chinese, Japanese and Korean print in a real weight; call before drawing them."""
    import io

    register_fonts()
    needed: dict[str, set[int]] = {}
    for text in texts:
        if text.isascii():
            continue
        for line in clean(text).split("\n"):
            for name, part in runs(visual(line)):
                if name in _THIN:
                    needed.setdefault(name, set()).update(ord(c) for c in part)
    for face, chars in needed.items():
        if chars <= _static_chars.get(face, frozenset()):
            continue
        with _registering:
            wanted = frozenset(chars | _static_chars.get(face, frozenset()) | {32})
            if wanted <= _static_chars.get(face, frozenset()):
                continue
            _generation[0] += 1
            for weight, data in _instances(face, wanted, _generation[0]).items():
                name = f"{face}-{weight}-{_generation[0]}"
                font = EmbeddedFont(name, io.BytesIO(data))
                pdfmetrics.registerFont(font)
                _static_names.add(name)
                _static[(face, weight)] = (name, wanted)
            _static_chars[face] = wanted


def static_face(face: str, wanted: str, text: str) -> str | None:
    """The registered static instance of the CJK face ``face`` at the weight of ``wanted``
    (a face of the text font) when it has every character of ``text`` (``prepare``), else
    None (then the variable face is drawn, outlined to its weight)."""
    if face not in _THIN:
        return None
    found = _static.get((face, _CJK_WEIGHTS.get(wanted, 400)))
    if found is None or not all(ord(c) in found[1] for c in text):
        return None
    return found[0]


def outline(face: str, wanted: str) -> float:
    """The outline (in ems) that makes ``face`` look like the text font's face ``wanted``: 0
    for the text font's own faces and for a one-weight fallback face set as regular text."""
    if face in _OWN_FACES or face in _static_names:  # a real weight of its own
        return 0.0
    extra = _WEIGHT.get(wanted, 0.0)
    return extra + (0.05 if face in _THIN else 0.0)


def _within(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= code <= high for low, high in ranges)


def is_cjk(char: str) -> bool:
    """True for Chinese, Japanese and Korean characters and their punctuation."""
    return _within(ord(char), _CJK_RANGES)


def cjk_font(text: str) -> str:
    """The face for a stretch of CJK text: Japanese when it has kana, Korean when it has
    Hangul, else Chinese."""
    codes = [ord(c) for c in text]
    if any(_within(c, _KANA_RANGES) for c in codes):
        return JAPANESE
    if any(_within(c, _HANGUL_RANGES) for c in codes):
        return KOREAN
    return CHINESE


_CJK_STRETCH = re.compile("[" + "".join(f"\\U{low:08x}-\\U{high:08x}"
                                         for low, high in _CJK_RANGES) + "]+")


def cid_fonts(text: str) -> dict[int, str]:
    """The CJK face of each CJK character of ``text``, by position: Hangul is Korean and kana
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


def _cjk_choice(char: str, preferred: str) -> str | None:
    code = ord(char)
    for name in (preferred, CHINESE, JAPANESE, KOREAN):
        if code in fallback(name):
            return name
    return None


def _face(char: str, index: int, text: str, own: frozenset[int], font: str,
          cid: dict[int, str] | None) -> tuple[str | None, dict[int, str] | None]:
    """The face that prints ``char`` (None: no face has it), and the CJK choices so far."""
    code = ord(char)
    if code in own or char == " ":
        return font, cid
    if code in _coverage[REGULAR]:
        return REGULAR, cid
    if is_cjk(char):
        cid = cid if cid is not None else cid_fonts(text)
        return _cjk_choice(char, cid.get(index, CHINESE)), cid
    for name in _SCRIPT_FALLBACKS:
        if code in fallback(name):
            return name, cid
    return None, cid


@lru_cache(maxsize=8192)
def _runs(text: str, font: str) -> tuple[tuple[str, str], ...]:
    register_fonts()
    own = _coverage.get(font)
    if own is None:
        own = fallback(font)
    cid: dict[int, str] | None = None
    found: list[tuple[str, str]] = []
    for index, char in enumerate(text):
        if char in _SILENT or (found and unicodedata.category(char) in ("Mn", "Me")
                               and ord(char) not in own):
            if found:  # stays with the character it belongs to, or is left out
                last = found[-1][0]
                if ord(char) in _coverage.get(last, frozenset()):
                    found[-1] = (last, found[-1][1] + char)
            continue
        if char == " " and found and found[-1][0] not in _WIDE_SPACE and 32 in _coverage.get(
                found[-1][0], frozenset()):
            found[-1] = (found[-1][0], found[-1][1] + char)  # a space joins the run before
            continue
        face, cid = _face(char, index, text, own, font, cid)
        name = face or font
        if found and found[-1][0] == name:
            found[-1] = (name, found[-1][1] + char)
        else:
            found.append((name, char))
    return tuple(found)


def runs(text: str, font: str = REGULAR) -> list[tuple[str, str]]:
    """``text`` cut into ``(font name, text)`` runs: each character in ``font`` when it has a
    glyph there, else in the regular face, else in the fallback face of its script. Joiners
    and variation selectors print nothing and are left out where their face lacks them."""
    if text.isascii():
        return [(font, text)] if text else []
    return list(_runs(text, font))


def unprintable(texts: Iterable[str]) -> list[str]:
    """The characters of ``texts`` that no embedded font has (they would print as a box),
    each once, in the order they first appear."""
    register_fonts()
    missing: dict[str, None] = {}
    for text in texts:
        if text.isascii():
            continue
        cleaned = clean(text)
        cid: dict[int, str] | None = None
        for index, char in enumerate(cleaned):
            if char.isspace() or char in _SILENT or unicodedata.category(char) in ("Mn", "Me"):
                continue
            name, cid = _face(char, index, cleaned, _coverage[REGULAR], REGULAR, cid)
            if name is None:
                missing[char] = None
    return list(missing)


@lru_cache(maxsize=8192)
def width(text: str, font: str, size: float) -> float:
    """The printed width of ``text`` in points, fallback fonts included (the text face is
    registered first: plain ASCII is measured without looking for a fallback)."""
    register_fonts()
    return sum(pdfmetrics.stringWidth(part, name, size)
               for name, part in runs(visual(text), font))


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
    ``text`` are kept; an empty text is one empty line. Lines stay in the order typed
    (``visual`` gives the order they are drawn in)."""
    lines: list[str] = []
    for paragraph in clean(text).split("\n"):
        if width(paragraph, font, size) <= room:
            lines.append(paragraph.rstrip())
            continue
        # widths add up (no kerning), except where Arabic letters join: measure whole lines
        additive = not any(_is_rtl(c) for c in paragraph)
        current = ""
        used = 0.0
        for token in _tokens(paragraph):
            bare = token.rstrip()
            wide = (used + width(bare, font, size) if additive
                    else width((current + token).rstrip(), font, size))
            if wide <= room:
                current += token
                used = used + width(token, font, size) if additive else 0.0
                continue
            if current.strip():
                lines.append(current.rstrip())
            current = ""
            if width(bare, font, size) > room:
                *full, current = _break_word(token, font, size, room)
                lines.extend(full)
            else:
                current = token
            used = width(current, font, size) if additive else 0.0
        lines.append(current.rstrip())
    return lines or [""]


def markup(text: str, font: str = REGULAR) -> str:
    """``text`` as reportlab Paragraph markup: ``&``, ``<`` and ``>`` escaped, line breaks as
    ``<br/>``, and runs the font lacks wrapped in ``<font name=...>``."""
    parts = []
    for line_number, line in enumerate(clean(text).split("\n")):
        if line_number:
            parts.append("<br/>")
        for name, part in runs(visual(line), font):
            escaped = escape(part)
            parts.append(escaped if name == font else f'<font name="{name}">{escaped}</font>')
    return "".join(parts)
