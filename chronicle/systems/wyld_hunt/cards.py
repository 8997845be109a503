"""The six Wyld Hunt card kinds as plain, immutable domain objects.

Every value a card may print is optional: the public record of these cards is incomplete, and a
value nobody knows stays ``None`` (never zero). Rules that need a missing value report
``card.incomplete`` instead of guessing. Building effects that a card grants (the golden rule:
"Rules on individual game cards supersede the basic game rules") are data in ``effects``. A Merit's
or Flaw's changes to Might, Savvy, Resolve or Combat while it is active are data too, in
``score_changes``: None while nobody knows them, an empty tuple for a card known to change no
score.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from chronicle.domain.values import Origin


class Kind(enum.StrEnum):
    """The six card kinds."""

    ICON = "icon"
    MERIT = "merit"
    FLAW = "flaw"
    QUEST = "quest"
    LEAGUE = "league"
    WAYLAY = "waylay"


class CardSet(enum.StrEnum):
    """The two printed sets."""

    WYLD_HUNT = "wyld-hunt"
    IRONHEART = "ironheart"


class Attribute(enum.StrEnum):
    """The three character Attributes."""

    MIGHT = "might"
    SAVVY = "savvy"
    RESOLVE = "resolve"


class Court(enum.StrEnum):
    """Seelie or Unseelie."""

    SEELIE = "seelie"
    UNSEELIE = "unseelie"


class MeritType(enum.StrEnum):
    """The five Merit types."""

    ABILITY = "ability"
    ADVANTAGE = "advantage"
    ALLY = "ally"
    ART = "art"
    TREASURE = "treasure"


class FlawType(enum.StrEnum):
    """The three Flaw types."""

    CURSE = "curse"
    ENEMY = "enemy"
    WEAKNESS = "weakness"


class TestType(enum.StrEnum):
    """The four kinds of Test a Waylay can demand."""

    MIGHT = "might"
    SAVVY = "savvy"
    RESOLVE = "resolve"
    COMBAT = "combat"


class Terrain(enum.StrEnum):
    """Terrain glyphs of Leagues and Waylays; ``any`` is the symbol that matches every terrain."""

    BRIDGE = "bridge"
    CASTLE = "castle"
    CAVES = "caves"
    RUINS = "ruins"
    ROAD = "road"
    TOWN = "town"
    FIELDS = "fields"
    FOREST = "forest"
    HILLS = "hills"
    LAKE = "lake"
    BORDER = "border"
    MARSH = "marsh"
    MOUNTAINS = "mountains"
    OCEAN = "ocean"
    RIVER = "river"
    ANY = "any"

    @classmethod
    def _missing_(cls, value: object) -> Terrain | None:
        """Accept the rulebook's and the cards' other words for a terrain ("swamp", "mountain",
        "all"), so every way in (card files, filters, the command line) reads them alike."""
        if not isinstance(value, str):
            return None
        word = value.strip().casefold()
        for member in cls:
            if member.value == word:
                return member
        return TERRAIN_SYNONYMS.get(word)


TERRAIN_SYNONYMS: dict[str, Terrain] = {
    # The rulebook's own words: "If a Waylay lists Forest and Swamp ..." (Waylay Cards: Terrain)
    # beside the [marsh] glyph of its Terrain Symbols; the [all] glyph is the Arcadia "A".
    "swamp": Terrain.MARSH, "swamps": Terrain.MARSH, "marshes": Terrain.MARSH,
    "all": Terrain.ANY,
    # Singular and plural forms the cards and the researched catalog use ("Mountain", "Field").
    "mountain": Terrain.MOUNTAINS, "hill": Terrain.HILLS, "field": Terrain.FIELDS,
    "cave": Terrain.CAVES, "ruin": Terrain.RUINS, "forests": Terrain.FOREST,
    "roads": Terrain.ROAD, "towns": Terrain.TOWN, "lakes": Terrain.LAKE,
    "rivers": Terrain.RIVER, "bridges": Terrain.BRIDGE, "castles": Terrain.CASTLE,
    "borders": Terrain.BORDER, "oceans": Terrain.OCEAN,
}
"""Other words for a terrain, each read as the terrain it names (the key is case-folded)."""


def terrain_words() -> list[str]:
    """Every word accepted for a terrain: the terrains themselves, then their other words."""
    return [t.value for t in Terrain] + list(TERRAIN_SYNONYMS)


def parse_terrain(text: str) -> Terrain:
    """The terrain ``text`` names, by its own word or another one ("swamp" is marsh).

    Raises:
        ValueError: naming every accepted word.
    """
    try:
        return Terrain(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a terrain; choose from "
                         f"{', '.join(t.value for t in Terrain)} (swamp is marsh and all is "
                         "any; singular and plural both do)") from None


SIDE_NAMES = ("top", "right", "bottom", "left")
"""A League's sides in the order of ``League.sides`` (the card text side up)."""


def parse_sides(text: str) -> list[list[Terrain]]:
    """Four sides written ``top/right/bottom/left``, each a comma-separated terrain list:
    ``fields,road/forest/border/fields``.

    Raises:
        ValueError: not four sides, an empty side, or a word that is no terrain.
    """
    parts = [part.strip() for part in text.split("/")]
    if len(parts) != len(SIDE_NAMES) or not all(parts):
        raise ValueError(f"{text[:80]!r}: give four sides, top/right/bottom/left, each a "
                         "comma-separated terrain list, e.g. fields,road/forest/border/fields")
    return [[parse_terrain(word.strip()) for word in part.split(",") if word.strip()]
            for part in parts]


def format_sides(sides: tuple[tuple[Terrain, ...], ...] | list[list[Terrain]] | None) -> str:
    """``sides`` written as ``parse_sides`` reads them; ``?`` while unknown."""
    if sides is None:
        return "?"
    return "/".join(",".join(str(t) for t in side) for side in sides)


NOT_PRINTED: Literal["none"] = "none"
"""A Waylay attribute the card prints no number for: the Waylay can never become that Test."""

WaylayValue = int | Literal["none"] | None


@dataclass(frozen=True, kw_only=True)
class ExtraPoints:
    """Extra starting points usable only on Merits of one type (and, optionally, one subtype).

    The Human male's Leader gives 2 points for Allies that do not count toward total points; the
    Naga male gets 4 points of Pyretics Arts. ``points`` is None when the amount is unknown.
    """

    points: int | None
    merit_type: MeritType | None = None
    subtype: str | None = None
    counts_toward_total: bool = True

    def applies_to(self, merit: Merit) -> bool:
        """True when these points may pay for ``merit``."""
        if self.merit_type is not None and merit.type is not self.merit_type:
            return False
        return self.subtype is None or (merit.subtype or "").casefold() == self.subtype.casefold()

    def describe(self) -> str:
        """A short phrase such as "2 points for Allies"."""
        what = "Merits"
        if self.merit_type is not None:
            what = {"ability": "Abilities", "advantage": "Advantages", "ally": "Allies",
                    "art": "Arts", "treasure": "Treasures"}[self.merit_type.value]
        if self.subtype:
            what = f"{self.subtype.title()} {what}"
        amount = "an unknown number of" if self.points is None else str(self.points)
        return f"{amount} points for {what}"


@dataclass(frozen=True, kw_only=True)
class FixedCourt:
    """The character always belongs to this court, whatever the tally (Dragonkin: Seelie)."""

    court: Court


Effect = ExtraPoints | FixedCourt

SCORE_CHANGE_MAX = 20
"""The largest change one card makes to a score, either way (a typo's guard, not a rule)."""


class When(enum.StrEnum):
    """When a card's change to a score holds: while the card is active (not exhausted), the
    rulebook's rule ("While a Merit is exhausted you do not benefit from any of its effects";
    "When a Flaw is exhausted, a character can no longer suffer from its effects"), or always,
    when the card's own text says so (the golden rule)."""

    ACTIVE = "active"
    ALWAYS = "always"


@dataclass(frozen=True, kw_only=True)
class ScoreChange:
    """A card's change to one of the four scores a Test uses: ``attribute`` is the Test type
    (Combat counts for Combat Tests only; a Might change counts for Combat too, since
    "Characters use their Might Attribute for all Combat Tests and Trials")."""

    attribute: TestType
    change: int
    when: When = When.ACTIVE

    def describe(self) -> str:
        """``"Might+1"``, ``"Combat-2 always"``: the text form a user types."""
        text = f"{self.attribute.value.title()}{self.change:+d}"
        return text if self.when is When.ACTIVE else f"{text} {self.when.value}"


NO_SCORE_CHANGE = "none"
"""What a user types for a card known to change no score."""


@dataclass(frozen=True, kw_only=True)
class TypedField:
    """A card value entered as text (a flag of ``chronicle cards new``, a field of the app's
    card form) and read by the card schema's declaration of the field."""

    kinds: tuple[Kind, ...]
    help: str
    example: str


TYPED_FIELDS: dict[str, TypedField] = {
    "score_changes": TypedField(
        kinds=(Kind.MERIT, Kind.FLAW),
        help="a Merit's or Flaw's changes to Might, Savvy, Resolve or Combat while active, e.g. "
             "'Might+1' or 'Combat+1, Savvy-1 always'; 'none' when it changes no score",
        example="e.g. Might+1, Combat-1 always · none"),
}
"""The fields typed as text, for the fronts that offer them (the schema reads the text)."""


def parse_score_changes(text: str) -> list[dict[str, object]]:
    """The score changes typed as text, as card data: ``"Might+1, Combat-1 always"`` or
    ``"none"`` (known: no change). Items are separated by commas or semicolons; each is an
    attribute (Might, Savvy, Resolve or Combat), a signed whole number and optionally
    ``active`` (the default) or ``always``.

    >>> parse_score_changes("Combat+1")
    [{'attribute': 'combat', 'change': 1, 'when': 'active'}]

    Raises:
        ValueError: naming the item that cannot be read and the form expected.
    """
    words = text.strip()
    if words.casefold() in (NO_SCORE_CHANGE, "no change", "nothing"):
        return []
    found: list[dict[str, object]] = []
    for item in (part.strip() for part in words.replace(";", ",").split(",")):
        if not item:
            continue
        match = _CHANGE.fullmatch(item)
        if match is None:
            raise ValueError(f"{item[:40]!r} is not a score change; write it like 'Might+1', "
                             "'Combat-1 always' or 'none' (attributes: might, savvy, resolve, "
                             "combat)")
        attribute, sign, amount, when = match.groups()
        found.append({"attribute": attribute.casefold(),
                      "change": int(amount) * (-1 if sign in ("-", "\u2212") else 1),
                      "when": (when or When.ACTIVE.value).casefold()})
    if not found:
        raise ValueError("no score change given; write 'none' for a card that changes no score")
    return found


def describe_score_changes(changes: tuple[ScoreChange, ...] | None) -> str | None:
    """The text form of a card's score changes: ``"Might+1, Combat+1"``, ``"none"``, or None
    while they are unknown (parsed back by :func:`parse_score_changes`)."""
    if changes is None:
        return None
    return ", ".join(c.describe() for c in changes) or NO_SCORE_CHANGE


_CHANGE = re.compile(r"(might|savvy|resolve|combat)\s*([+\-\u2212])\s*(\d{1,3})"
                     r"(?:\s+\(?(active|always)\)?)?", re.IGNORECASE)


@dataclass(frozen=True, kw_only=True)
class Card:
    """Fields every card has."""

    name: str
    kind: Kind
    set: CardSet | None = None
    summary: str | None = None
    source: tuple[str, ...] = ()
    confidence: str | None = None
    notes: str | None = None
    effects: tuple[Effect, ...] = ()
    origin: Origin = Origin.BUNDLED
    path: str | None = field(default=None, compare=False)
    """The file the card was read from (the last one, for a corrected card)."""
    aliases: tuple[str, ...] = ()
    """The card's other names (``aliases``): a lookup by one finds the card."""

    def missing(self) -> list[str]:
        """Names of the values this kind prints that are unknown for this card."""
        return []


@dataclass(frozen=True, kw_only=True)
class Icon(Card):
    """A Character Icon: race, gender, Attributes and special ability."""

    race: str | None = None
    gender: str | None = None
    might: int | None = None
    savvy: int | None = None
    resolve: int | None = None
    special: str | None = None

    def missing(self) -> list[str]:
        return [f for f in ("race", "gender", "might", "savvy", "resolve", "special")
                if getattr(self, f) is None]


@dataclass(frozen=True, kw_only=True)
class Merit(Card):
    """A Merit: its type, cost, and for Abilities its Attribute and court."""

    type: MeritType | None = None
    subtype: str | None = None
    cost: int | None = None
    attribute: Attribute | None = None
    court: Court | None = None
    score_changes: tuple[ScoreChange, ...] | None = None
    """Its changes to the character's scores (None: not known yet; empty: none)."""

    def missing(self) -> list[str]:
        fields = ["type", "cost"]
        if self.type is MeritType.ABILITY:
            fields += ["attribute", "court"]
        return [f for f in fields if getattr(self, f) is None]


@dataclass(frozen=True, kw_only=True)
class Flaw(Card):
    """A Flaw: its type, bonus points, and for Weaknesses its Attribute and court."""

    type: FlawType | None = None
    bonus: int | None = None
    attribute: Attribute | None = None
    court: Court | None = None
    score_changes: tuple[ScoreChange, ...] | None = None
    """Its changes to the character's scores (None: not known yet; empty: none)."""

    def missing(self) -> list[str]:
        fields = ["type", "bonus"]
        if self.type is FlawType.WEAKNESS:
            fields += ["attribute", "court"]
        return [f for f in fields if getattr(self, f) is None]


@dataclass(frozen=True, kw_only=True)
class Quest(Card):
    """A Quest: number, Waylay and Treasure ratings, experience."""

    number: int | None = None
    waylay_rating: int | None = None
    treasure_rating: int | None = None
    experience: int | None = None
    experience_from_rulebook: bool = False
    """True when ``experience`` is not on the card but stated by the rulebook for its whole set
    ("Quest Cards in The Wyld Hunt are each worth one experience point")."""

    def missing(self) -> list[str]:
        return [f for f in ("number", "waylay_rating", "treasure_rating", "experience")
                if getattr(self, f) is None]


@dataclass(frozen=True, kw_only=True)
class League(Card):
    """A League: terrain, uniqueness, Enter/Leave Trials and Rest."""

    terrain: tuple[Terrain, ...] | None = None
    unique: bool | None = None
    enter: str | None = None
    leave: str | None = None
    rest: str | None = None
    special: str | None = None
    sides: tuple[tuple[Terrain, ...], ...] | None = None
    """The terrains on each of the card's four sides, text side up: top, right, bottom, left
    (Setting the Stage, 3: "a Terrain-feature-matching-Terrain-feature manner"); None while
    unknown."""

    def missing(self) -> list[str]:
        return [f for f in ("terrain", "unique", "enter", "leave", "rest")
                if getattr(self, f) is None]


@dataclass(frozen=True, kw_only=True)
class Waylay(Card):
    """A Waylay: rating, terrain, Test types and Attributes."""

    rating: int | None = None
    terrain: tuple[Terrain, ...] | None = None
    tests: tuple[TestType, ...] | None = None
    might: WaylayValue = None
    savvy: WaylayValue = None
    resolve: WaylayValue = None
    combat: WaylayValue = None

    def missing(self) -> list[str]:
        fields = ["rating", "terrain", "tests"]
        fields += [t.value for t in (self.tests or ()) if getattr(self, t.value) is None]
        return [f for f in fields if getattr(self, f) is None]

    def lacks_attribute(self) -> bool:
        """True when all four Attributes are known to print no number ("none"), which the
        rulebook rules out: "Each Waylay has at least one Attribute with a rating" (Waylay
        Cards: Attributes). An unknown Attribute may still have one."""
        return all(getattr(self, t.value) == NOT_PRINTED for t in TestType)

    def attribute_value(self, test: TestType) -> int | None:
        """The printed value for ``test``, or None when unknown or not printed."""
        value = getattr(self, test.value)
        return value if isinstance(value, int) else None


CARD_CLASSES: dict[Kind, type[Card]] = {
    Kind.ICON: Icon,
    Kind.MERIT: Merit,
    Kind.FLAW: Flaw,
    Kind.QUEST: Quest,
    Kind.LEAGUE: League,
    Kind.WAYLAY: Waylay,
}


def card_to_dict(card: Card) -> dict[str, object]:
    """The JSON shape of a card: every field (unknown values as null; ``aliases`` only when
    the card has other names), its origin and file, and the list of values still missing."""
    data: dict[str, object] = {}
    for name in card.__dataclass_fields__:
        value = getattr(card, name)
        if name == "aliases" and not value:
            continue                    # other names are shown only when the card has some
        if name == "effects":
            data[name] = [_effect_dict(e) for e in value]
        elif name == "score_changes":
            data[name] = None if value is None else [
                {"attribute": c.attribute.value, "change": c.change, "when": c.when.value}
                for c in value]
        elif name == "sides" and value is not None:
            data[name] = [[str(t) for t in side] for side in value]
        elif isinstance(value, tuple):
            data[name] = [str(v) for v in value]
        elif isinstance(value, enum.Enum):
            data[name] = value.value
        else:
            data[name] = value
    data["missing"] = card.missing()
    return data


def _effect_dict(effect: Effect) -> dict[str, object]:
    if isinstance(effect, FixedCourt):
        return {"effect": "fixed_court", "court": effect.court.value}
    return {"effect": "extra_points", "points": effect.points,
            "merit_type": effect.merit_type.value if effect.merit_type else None,
            "subtype": effect.subtype, "counts_toward_total": effect.counts_toward_total,
            "description": effect.describe()}


def describe_effect(effect: Effect) -> str:
    """A short phrase for an effect, for listings."""
    if isinstance(effect, FixedCourt):
        return f"always {effect.court.value.title()}"
    text = effect.describe()
    return text if effect.counts_toward_total else text + " (not counted in total points)"


RULEBOOK_QUEST_EXPERIENCE: dict[CardSet, int] = {CardSet.WYLD_HUNT: 1}
"""Experience a quest of the set is worth when its card file gives none: "Quest Cards in The
Wyld Hunt are each worth one experience point. However, Quests in later editions, like King
Ironheart's Madness, will be worth more points" (Optional Rules: Chronicle Play), so a King
Ironheart's Madness quest keeps its printed value and has none until it is known."""


def card_from_data(data: dict[str, Any], origin: Origin, path: str | None) -> Card:
    """Build a domain card from validated card data (as the card schema returns it).

    A Wyld Hunt quest without ``experience`` gets the rulebook's value for its set, marked as
    coming from the rulebook. Pure Python, so a cached catalog rebuilds without loading the
    validation machinery.
    """
    kind = Kind(data["kind"])
    values = {k: v for k, v in data.items() if k != "effects"}
    if kind is Kind.QUEST and values.get("experience") is None and values.get("set"):
        rulebook = RULEBOOK_QUEST_EXPERIENCE.get(CardSet(values["set"]))
        if rulebook is not None:
            values["experience"] = rulebook
            values["experience_from_rulebook"] = True
    source = values.pop("source", None)
    values["source"] = tuple([source] if isinstance(source, str) else source or ())
    values["kind"] = kind
    for key in ("terrain", "tests", "aliases"):
        if values.get(key) is not None:
            values[key] = tuple(values[key])
    if values.get("sides") is not None:
        values["sides"] = tuple(tuple(Terrain(t) for t in side) for side in values["sides"])
    effects = tuple(_effect_from(e) for e in data.get("effects", ()))
    changes = values.get("score_changes")
    if changes is not None:
        values["score_changes"] = tuple(
            ScoreChange(attribute=TestType(c["attribute"]), change=c["change"],
                        when=When(c.get("when") or When.ACTIVE)) for c in changes)
    return CARD_CLASSES[kind](**values, effects=effects, origin=origin, path=path)


def _effect_from(data: dict[str, Any]) -> Effect:
    if data["effect"] == "fixed_court":
        return FixedCourt(court=Court(data["court"]))
    merit_type = data.get("merit_type")
    return ExtraPoints(points=data.get("points"),
                       merit_type=MeritType(merit_type) if merit_type else None,
                       subtype=data.get("subtype"),
                       counts_toward_total=data.get("counts_toward_total", True))


KIND_ORDER: dict[Kind, int] = {kind: index for index, kind in enumerate(Kind)}
"""Listings show icons, then Merits, Flaws, quests, Leagues and Waylays."""


def _num(value: object) -> str:
    return "?" if value is None else str(value)


def card_facts(card: Card) -> str:
    """The card's key values on one line, "?" for unknown ones."""
    if isinstance(card, Icon):
        return (f"M{_num(card.might)} S{_num(card.savvy)} R{_num(card.resolve)}"
                f" {card.special or ''}").rstrip()
    if isinstance(card, Merit | Flaw):
        points = card.cost if isinstance(card, Merit) else card.bonus
        parts = [card.type.value if card.type else "?", f"{_num(points)} pt"]
        if card.attribute:
            parts.append(card.attribute.value)
        if card.court:
            parts.append(card.court.value)
        return " ".join(parts)
    if isinstance(card, Quest):
        return (f"#{_num(card.number)} W{_num(card.waylay_rating)} "
                f"T{_num(card.treasure_rating)} xp {_num(card.experience)}"
                + (" (rulebook)" if card.experience_from_rulebook else ""))
    if isinstance(card, League):
        terrain = ",".join(t.value for t in card.terrain) if card.terrain else "?"
        return terrain + (" unique" if card.unique else "")
    assert isinstance(card, Waylay)
    tests = ",".join(f"{t.value} {_num(card.attribute_value(t))}" for t in card.tests or ())
    terrain = ",".join(t.value for t in card.terrain) if card.terrain else "?"
    return f"rating {_num(card.rating)} {tests or '?'} on {terrain}"
