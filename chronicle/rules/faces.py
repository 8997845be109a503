"""Exact dice odds over any die faces, as fractions: the one dice engine every game uses.

A die is described by its faces. A face shows a :class:`Tally` (a multiset of symbols): a number
(``4`` shows the symbol :data:`VALUE` four times, so sums are symbol counts), a symbol (``"hit"``),
several symbols (``("hit", "crit")``) or a mapping (``{"hit": 2}``). A face may add extra dice of
the same kind when it comes up (an *exploding* face, e.g. an Arcadia Quest crit).

Pieces, all pure and exact:

- :func:`die`, :func:`numbered`, :func:`rerolled` build dice (a fair die, a d6, "re-roll blanks").
- :func:`roll` gives the distribution (:class:`Dist`) of everything a pool of dice shows.
  Explosions are followed to a stated ``depth`` (generations of extra dice); the probability of
  the outcomes that would need more is kept in :attr:`Dist.remainder`, never dropped.
- :meth:`Dist.map`, :func:`count`, :func:`at_least`, :func:`combine`, :func:`versus` project a
  distribution (symbol counts, thresholds, opposed rolls, "hits minus saves").
- :func:`expected_count` gives a symbol's exact expectation per die with explosions followed
  for ever; :func:`ways` counts the equally likely ways of a pool without explosions.
- :func:`parse` reads die-pool notation (``2d6+1``, ``3d3``, ``1d2-1``).

Example: Arcadia Quest's melee attack die against its defense die::

    >>> attack = die(["hit"] * 3 + [()] * 2 + [("hit", "crit")], explode="crit")
    >>> defense = die([()] * 4 + ["save", ("save", "crit")], explode="crit")
    >>> hits = count(roll([attack, attack], depth=4), "hit")
    >>> saves = count(roll([defense], depth=4), "save")
    >>> wounds = combine(hits, saves, lambda h, s: max(0, h - s))
    >>> wounds.remainder > 0
    True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Generic, TypeAlias, TypeVar

VALUE = "value"
"""The symbol a numbered face shows (face ``4`` shows it four times): sums are its count."""
DEFAULT_DEPTH = 8
"""Generations of extra dice followed by default before the rest is reported as remainder."""
MAX_DEPTH = 64
MAX_POOL = 60
"""Most dice in one pool (before explosions): beyond it exact odds are too slow to be useful."""
MAX_SIDES = 1000

K = TypeVar("K", bound=Hashable)
J = TypeVar("J", bound=Hashable)
R = TypeVar("R", bound=Hashable)
N = TypeVar("N", Fraction, int)


@dataclass(frozen=True, slots=True, order=True)
class Tally:
    """A multiset of symbols with their counts (zero counts dropped; sorted, hashable).

    >>> (Tally.of("hit") + Tally.of(("hit", "crit")))["hit"]
    2
    """

    items: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, spec: FaceSpec) -> Tally:
        """A tally from a face description (number, symbol, symbols, mapping or tally)."""
        if isinstance(spec, Tally):
            return spec
        if isinstance(spec, bool):
            raise TypeError("a die face is a number, a symbol or symbols, not a boolean")
        if isinstance(spec, int):
            return cls._from({VALUE: spec})
        if isinstance(spec, str):
            return cls._from({spec: 1} if spec else {})
        if isinstance(spec, Mapping):
            counts: dict[str, int] = {}
            for key, number in spec.items():
                if not isinstance(key, str) or not isinstance(number, int) \
                        or isinstance(number, bool):
                    raise TypeError(f"a face maps symbols to whole numbers, not {key!r}: "
                                    f"{number!r}")
                counts[key] = counts.get(key, 0) + number
            return cls._from(counts)
        counts = {}
        for symbol in spec:
            if not isinstance(symbol, str):
                raise TypeError(f"a face's symbols are strings, not {symbol!r}")
            if symbol:
                counts[symbol] = counts.get(symbol, 0) + 1
        return cls._from(counts)

    @classmethod
    def _from(cls, counts: Mapping[str, int]) -> Tally:
        return cls(tuple(sorted((k, v) for k, v in counts.items() if v)))

    def __getitem__(self, symbol: str) -> int:
        for key, number in self.items:
            if key == symbol:
                return number
        return 0

    def __add__(self, other: Tally) -> Tally:
        if not other.items:
            return self
        if not self.items:
            return other
        counts = dict(self.items)
        for key, number in other.items:
            counts[key] = counts.get(key, 0) + number
        return Tally._from(counts)

    def keeping(self, symbols: Iterable[str]) -> Tally:
        """Only the given symbols."""
        keep = set(symbols)
        return Tally(tuple(item for item in self.items if item[0] in keep))

    def as_dict(self) -> dict[str, int]:
        """The counts as a plain dict (for JSON)."""
        return dict(self.items)

    def __str__(self) -> str:
        if not self.items:
            return "blank"
        return " ".join(k if v == 1 else f"{v}x{k}" for k, v in self.items)


FaceSpec: TypeAlias = int | str | Sequence[str] | Mapping[str, int] | Tally
"""How a face is written: a number, a symbol, several symbols, a mapping or a :class:`Tally`."""


@dataclass(frozen=True, slots=True)
class Face:
    """One face: what it shows and how many extra dice of the same kind it adds."""

    shows: Tally
    extra: int = 0


@dataclass(frozen=True, slots=True)
class Die:
    """A die: its faces with whole-number weights (equal for a fair die)."""

    faces: tuple[Face, ...]
    weights: tuple[int, ...]
    name: str = ""

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError("a die needs at least one face")
        if len(self.faces) != len(self.weights):
            raise ValueError("a die needs one weight per face")
        if any(w < 0 for w in self.weights) or sum(self.weights) <= 0:
            raise ValueError("a die's weights are whole numbers >= 0, not all 0")
        if any(face.extra < 0 for face in self.faces):
            raise ValueError("a face adds zero or more extra dice, never fewer")

    @property
    def total(self) -> int:
        """The sum of the weights (the number of faces for a fair die)."""
        return sum(self.weights)

    @property
    def explodes(self) -> bool:
        """True when some face that can come up adds extra dice."""
        return any(f.extra and w for f, w in zip(self.faces, self.weights, strict=True))

    def chances(self) -> Iterator[tuple[Face, Fraction]]:
        """Each face with its probability."""
        total = self.total
        for face, weight in zip(self.faces, self.weights, strict=True):
            if weight:
                yield face, Fraction(weight, total)

    def keeping(self, *symbols: str) -> Die:
        """The same die showing only ``symbols`` (explosions kept): fewer states, same odds."""
        return Die(tuple(Face(f.shows.keeping(symbols), f.extra) for f in self.faces),
                   self.weights, self.name)


def die(faces: Iterable[FaceSpec], *, explode: str | None = None, name: str = "") -> Die:
    """A fair die from its faces; a face showing ``explode`` k times adds k extra dice.

    >>> die(["hit", "hit", (), "crit"], explode="crit").explodes
    True
    """
    built = []
    for spec in faces:
        shows = Tally.of(spec)
        extra = shows[explode] if explode else 0
        built.append(Face(shows, max(0, extra)))
    if len(built) > MAX_SIDES:
        raise ValueError(f"a die has at most {MAX_SIDES} faces, not {len(built)}")
    return Die(tuple(built), (1,) * len(built), name)


def numbered(sides: int, *, explode_on: int | None = None, start: int = 1) -> Die:
    """A die numbered ``start`` .. ``start + sides - 1`` (a d6 by default for ``sides=6``);
    the face ``explode_on``, if given, adds one extra die."""
    if not 1 <= sides <= MAX_SIDES:
        raise ValueError(f"a die has 1 to {MAX_SIDES} sides, not {sides}")
    faces = tuple(Face(Tally.of(n), 1 if n == explode_on else 0)
                  for n in range(start, start + sides))
    return Die(faces, (1,) * sides, f"d{sides}")


def rerolled(base: Die, when: Callable[[Tally], bool], times: int = 1) -> Die:
    """The die you get by re-rolling (up to ``times`` times) any face for which ``when`` holds;
    the last roll stands.

    >>> blank_again = rerolled(die(["hit", ()]), lambda t: not t.items)
    >>> [str(f.shows) for f in blank_again.faces], blank_again.weights
    (['hit', 'blank'], (3, 1))
    """
    if times < 0:
        raise ValueError(f"re-rolls are zero or more, not {times}")
    again = [when(f.shows) for f in base.faces]
    weights = base.weights
    for _ in range(times):
        # after one more re-roll: kept faces stay, the re-rolled share rolls the base die afresh
        rerolls = sum(w for w, redo in zip(weights, again, strict=True) if redo)
        weights = tuple((0 if redo else w * base.total) + rerolls * b
                        for w, b, redo in zip(weights, base.weights, again, strict=True))
        common = math.gcd(*weights)
        weights = tuple(w // common for w in weights)
    return Die(base.faces, weights, base.name)


@dataclass(frozen=True)
class Dist(Generic[K]):
    """An exact distribution: each resolved outcome with its probability, plus the probability
    of the outcomes not resolved (explosions beyond ``depth``), never silently dropped.

    ``sum(outcomes.values()) + remainder == 1`` always holds.
    """

    outcomes: dict[K, Fraction]
    remainder: Fraction = Fraction(0)
    depth: int | None = None
    """The explosion depth followed, when the roll had exploding dice."""

    def __post_init__(self) -> None:
        if sum(self.outcomes.values(), Fraction(0)) + self.remainder != 1:
            raise ValueError("a distribution's probabilities and remainder add up to 1")

    @property
    def resolved(self) -> Fraction:
        """The probability of the resolved outcomes (1 - remainder)."""
        return 1 - self.remainder

    def chance(self, predicate: Callable[[K], bool]) -> Fraction:
        """The probability of the resolved outcomes for which ``predicate`` holds."""
        return sum((p for k, p in self.outcomes.items() if predicate(k)), Fraction(0))

    def map(self, fn: Callable[[K], J]) -> Dist[J]:
        """The distribution of ``fn(outcome)`` (the remainder carried over)."""
        out: dict[J, Fraction] = {}
        for key, p in self.outcomes.items():
            new = fn(key)
            out[new] = out.get(new, Fraction(0)) + p
        return Dist(_sorted(out), self.remainder, self.depth)

    def expected(self, fn: Callable[[K], int | Fraction]) -> Fraction:
        """The expectation of ``fn`` over the resolved outcomes (the remainder contributes
        nothing here and is reported beside it)."""
        return sum((p * fn(k) for k, p in self.outcomes.items()), Fraction(0))


def _sorted(out: dict[J, Fraction]) -> dict[J, Fraction]:
    try:
        return dict(sorted(out.items()))
    except TypeError:
        return out


def _convolve(a: Mapping[Tally, N], b: Mapping[Tally, N]) -> dict[Tally, N]:
    """The tallies of two independent throws added, with their weights (probabilities or
    counts of ways) multiplied."""
    out: dict[Tally, N] = {}
    for ta, wa in a.items():
        for tb, wb in b.items():
            key = ta + tb
            out[key] = out.get(key, 0) + wa * wb
    return out


@cache
def _chain(base: Die, depth: int) -> dict[Tally, Fraction]:
    """One die with its explosions followed ``depth`` generations deep (resolved part only)."""
    out: dict[Tally, Fraction] = {}
    for face, p in base.chances():
        if not face.extra:
            out[face.shows] = out.get(face.shows, Fraction(0)) + p
            continue
        if depth == 0:
            continue
        more = _chain(base, depth - 1)
        extra: dict[Tally, Fraction] = {Tally(): Fraction(1)}
        for _ in range(face.extra):
            extra = _convolve(extra, more)
        for shown, q in extra.items():
            key = face.shows + shown
            out[key] = out.get(key, Fraction(0)) + p * q
    return out


def ways(pool: Iterable[Die]) -> tuple[dict[Tally, int], int]:
    """For a pool without explosions: how many equally weighted ways give each tally, and the
    total number of ways (a d6 pair: 36 ways, 6 of them showing 7)."""
    dice = _pool(pool)
    if any(d.explodes for d in dice):
        raise ValueError("ways() counts pools without exploding faces; use roll()")
    out: dict[Tally, int] = {Tally(): 1}
    total = 1
    for one in dice:
        faces: dict[Tally, int] = {}
        for face, weight in zip(one.faces, one.weights, strict=True):
            if weight:
                faces[face.shows] = faces.get(face.shows, 0) + weight
        out = _convolve(out, faces)
        total *= one.total
    return out, total


def _pool(pool: Iterable[Die] | Die) -> tuple[Die, ...]:
    dice = (pool,) if isinstance(pool, Die) else tuple(pool)
    if len(dice) > MAX_POOL:
        raise ValueError(f"a pool holds at most {MAX_POOL} dice, not {len(dice)}")
    return dice


def roll(pool: Iterable[Die] | Die, *, depth: int = DEFAULT_DEPTH) -> Dist[Tally]:
    """The exact distribution of everything a pool shows. Exploding faces are followed
    ``depth`` generations of extra dice deep; the rest is :attr:`Dist.remainder`.

    >>> two = roll([numbered(6), numbered(6)])
    >>> count(two).outcomes[7]
    Fraction(1, 6)
    """
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"the explosion depth is 0 to {MAX_DEPTH}, not {depth}")
    dice = _pool(pool)
    plain = [d for d in dice if not d.explodes]
    counted, total = ways(plain)
    exploding = [d for d in dice if d.explodes]
    for one in exploding:
        # whole numbers over a common denominator: no gcd at every step
        chain, denominator = _as_ways(_chain(one, depth))
        counted = _convolve(counted, chain)
        total *= denominator
    out = {k: Fraction(w, total) for k, w in counted.items()}
    resolved = sum(out.values(), Fraction(0))
    return Dist(_sorted(out), 1 - resolved, depth if exploding else None)


def _as_ways(chances: Mapping[K, Fraction]) -> tuple[dict[K, int], int]:
    """Probabilities as whole numbers over their least common denominator."""
    denominator = math.lcm(*(p.denominator for p in chances.values())) if chances else 1
    return {k: p.numerator * (denominator // p.denominator) for k, p in chances.items()}, \
        denominator


def expected_count(one: Die, symbol: str = VALUE) -> Fraction:
    """The exact expected count of ``symbol`` one die shows with its explosions followed for
    ever (no depth): ``E = sum(p * shows) / (1 - sum(p * extra))`` by linearity.

    >>> expected_count(die(["hit", (), ("hit", "crit")], explode="crit"), "hit")
    Fraction(1, 1)

    Raises:
        ValueError: when each die adds one or more dice on average (the roll never ends).
    """
    shown = sum((p * face.shows[symbol] for face, p in one.chances()), Fraction(0))
    growth = sum((p * face.extra for face, p in one.chances()), Fraction(0))
    if growth >= 1:
        raise ValueError("this die adds one or more dice on average: the roll never ends")
    return shown / (1 - growth)


def pool_of(one: Die, n: int) -> tuple[Die, ...]:
    """``n`` copies of a die."""
    if not 0 <= n <= MAX_POOL:
        raise ValueError(f"a pool holds 0 to {MAX_POOL} dice, not {n}")
    return (one,) * n


def count(dist: Dist[Tally], symbol: str = VALUE) -> Dist[int]:
    """How many of ``symbol`` the roll shows (the sum, for numbered dice)."""
    return dist.map(lambda t: t[symbol])


def at_least(dist: Dist[int], threshold: int) -> Fraction:
    """P(outcome >= threshold) over the resolved outcomes; the true chance lies between this and
    this plus :attr:`Dist.remainder`."""
    return dist.chance(lambda v: v >= threshold)


def shifted(dist: Dist[int], by: int) -> Dist[int]:
    """Every outcome plus ``by`` (a modifier)."""
    return dist.map(lambda v: v + by)


def combine(a: Dist[K], b: Dist[J], fn: Callable[[K, J], R]) -> Dist[R]:
    """The distribution of ``fn(x, y)`` for independent ``x`` from ``a`` and ``y`` from ``b``;
    the remainder is the chance that either side was unresolved."""
    ways_a, den_a = _as_ways(a.outcomes)
    ways_b, den_b = _as_ways(b.outcomes)
    counted: dict[R, int] = {}
    for ka, wa in ways_a.items():
        for kb, wb in ways_b.items():
            key = fn(ka, kb)
            counted[key] = counted.get(key, 0) + wa * wb
    out = {k: Fraction(w, den_a * den_b) for k, w in counted.items()}
    resolved = sum(out.values(), Fraction(0))
    depths = [d for d in (a.depth, b.depth) if d is not None]
    return Dist(_sorted(out), 1 - resolved, min(depths) if depths else None)


@dataclass(frozen=True, slots=True)
class Contest:
    """An opposed roll seen from the first side: higher wins, equal ties."""

    win: Fraction
    tie: Fraction
    lose: Fraction
    remainder: Fraction = Fraction(0)


def versus(mine: Dist[int], theirs: Dist[int]) -> Contest:
    """Chances that ``mine`` beats, ties or loses to ``theirs`` (independent rolls).

    >>> d6 = count(roll(numbered(6)))
    >>> versus(d6, d6).tie
    Fraction(1, 6)
    """
    diff = combine(mine, theirs, lambda x, y: (x > y) - (x < y))
    return Contest(diff.outcomes.get(1, Fraction(0)), diff.outcomes.get(0, Fraction(0)),
                   diff.outcomes.get(-1, Fraction(0)), diff.remainder)


# --- die-pool notation -------------------------------------------------------------------------

_TERM = re.compile(r"[ \t]*([+-])?[ \t]*(?:([0-9]+)?[ \t]*[dD][ \t]*([0-9]+)|([0-9]+))[ \t]*")


class NotationError(ValueError):
    """A die-pool expression that cannot be read; ``position`` is the 0-based character."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        shown = text if len(text) <= 40 else text[:37] + "..."
        super().__init__(f"cannot read dice {shown!r} at character {position + 1}: {reason}")
        self.position = position


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice of ``sides`` sides, added (sign +1) or subtracted (sign -1)."""

    count: int
    sides: int
    sign: int = 1


@dataclass(frozen=True, slots=True)
class Notation:
    """A parsed die-pool expression such as ``2d6+1``."""

    text: str
    terms: tuple[DiceTerm, ...]
    modifier: int = 0
    dice: tuple[Die, ...] = field(default=(), repr=False)

    @property
    def lowest(self) -> int:
        """The smallest total it can give."""
        return self.modifier + sum(t.count * (1 if t.sign > 0 else -t.sides) for t in self.terms)

    @property
    def highest(self) -> int:
        """The largest total it can give."""
        return self.modifier + sum(t.count * (t.sides if t.sign > 0 else -1) for t in self.terms)

    def distribution(self) -> Dist[int]:
        """The exact distribution of the total."""
        counted, total = ways(self.dice)
        out: dict[int, Fraction] = {}
        for tally, number in counted.items():
            value = tally[VALUE] + self.modifier
            out[value] = out.get(value, Fraction(0)) + Fraction(number, total)
        return Dist(dict(sorted(out.items())))

    def __str__(self) -> str:
        parts = [f"{'-' if t.sign < 0 else '+'}{t.count}d{t.sides}" for t in self.terms]
        if self.modifier:
            parts.append(f"{self.modifier:+d}")
        return "".join(parts).lstrip("+") or "0"


def parse(text: str) -> Notation:
    """Read die-pool notation: terms ``NdM`` (N defaults to 1) and whole numbers joined by
    ``+`` or ``-``.

    >>> parse("2d6+1").highest, parse("1d2-1").lowest, str(parse(" 3D3 "))
    (13, 0, '3d3')
    """
    if not isinstance(text, str):
        raise TypeError("dice notation is a string")
    if len(text) > 200:
        raise NotationError(text, 200, "longer than 200 characters")
    if not text.strip(" \t"):
        raise NotationError(text, 0, "nothing to roll")
    pos = 0
    terms: list[DiceTerm] = []
    modifier = 0
    dice: list[Die] = []
    first = True
    while pos < len(text):
        match = _TERM.match(text, pos)
        if match is None or match.end() == pos:
            raise NotationError(text, pos, "expected a term such as 2d6 or 3")
        sign_text, count_text, sides_text, number_text = match.groups()
        if not first and sign_text is None:
            raise NotationError(text, match.start(2) if count_text else pos,
                                "terms are joined by + or -")
        sign = -1 if sign_text == "-" else 1
        if number_text is not None:
            modifier += sign * _bounded(text, match.start(4), number_text, 0, 10**6, "a number")
        else:
            n = _bounded(text, match.start(2) if count_text else match.start(3), count_text or "1",
                         1, MAX_POOL, "the number of dice")
            sides = _bounded(text, match.start(3), sides_text, 1, MAX_SIDES, "the sides")
            terms.append(DiceTerm(n, sides, sign))
            one = numbered(sides) if sign > 0 else numbered(sides, start=-sides)
            dice.extend(pool_of(one, n))
            if len(dice) > MAX_POOL:
                raise NotationError(text, match.start(), f"more than {MAX_POOL} dice")
        pos = match.end()
        first = False
    return Notation(text.strip(), tuple(terms), modifier, tuple(dice))


def _bounded(text: str, pos: int, digits: str, low: int, high: int, what: str) -> int:
    if len(digits) > 7:
        raise NotationError(text, pos, f"{what} must be {low} to {high}")
    value = int(digits)
    if not low <= value <= high:
        raise NotationError(text, pos, f"{what} must be {low} to {high}, not {value}")
    return value
