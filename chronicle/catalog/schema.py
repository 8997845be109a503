"""A card schema made of pydantic models, one per card kind: what every game system gives the
card loader (``chronicle.catalog.loader.CardSchema``) without writing it again.

pydantic itself is not imported here: the models are, by the game system that defines them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Generic, Literal, TypeVar

from chronicle.domain.values import Origin

if TYPE_CHECKING:
    from pydantic import BaseModel

C = TypeVar("C", covariant=True)
M = TypeVar("M", bound="BaseModel")

ALIASES = "aliases"
"""The key of a card's other names (another language's, an older printing's): every game's
cards may have it, whether the game's models name it or not."""
ALIASES_MAX = 20
"""The most other names a card has."""


def aliases_of(value: Any) -> list[str]:
    """``value`` checked as a card's other names: a list of at most ``ALIASES_MAX`` names
    within the shared limits.

    Raises:
        pydantic.ValidationError: located at ``aliases``.
    """
    from pydantic import AfterValidator, BaseModel, ConfigDict, Field

    from chronicle.domain.limits import NAME_MAX, valid_name

    class _Aliases(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True, str_strip_whitespace=True)
        aliases: list[Annotated[str, Field(min_length=1, max_length=NAME_MAX),
                                AfterValidator(valid_name)]] = Field(max_length=ALIASES_MAX)

    return list(_Aliases.model_validate({ALIASES: value}).aliases)


def by_kind(*models: type[M]) -> dict[str, type[M]]:
    """Each card model by the kind it declares (``kind: Literal["hero"]``), in the order given:
    a kind's name is written once, on its model."""
    from typing import get_args

    found: dict[str, type[M]] = {}
    for model in models:
        (kind,) = get_args(model.model_fields["kind"].annotation)
        found[str(kind)] = model
    return found


class ModelSchema(Generic[C]):
    """A ``CardSchema`` over ``models`` (kind -> pydantic model class).

    ``aliases`` maps (kind, key) to the key of that kind meaning the same (a hint for a key
    written on the wrong kind); ``clean`` post-processes the validated keys of a card;
    ``factory`` builds the domain card.
    """

    def __init__(self, game: str, version: int, models: Mapping[str, type[BaseModel]],
                 factory: Callable[[dict[str, Any], Origin, str | None], C], *,
                 aliases: Mapping[tuple[str, str], str] | None = None,
                 clean: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
                 dump_mode: Literal["python", "json"] = "python") -> None:
        self.game = game
        self.version = version
        self.models = dict(models)
        self.kinds: tuple[str, ...] = tuple(models)
        self._factory = factory
        self._aliases = dict(aliases or {})
        self._clean = clean
        self._mode = dump_mode

    def fields(self, kind: str) -> list[str]:
        """Every key a card of ``kind`` may have: its model's, and ``aliases`` (the card's
        other names) whether its model says it or not."""
        found = list(self.models[kind].model_fields)
        return found if ALIASES in found else [*found, ALIASES]

    def all_fields(self) -> list[str]:
        """Every key any card may have."""
        seen: dict[str, None] = {}
        for model in self.models.values():
            seen.update(dict.fromkeys(model.model_fields))
        seen[ALIASES] = None
        return list(seen)

    def alias(self, kind: str, key: str) -> str | None:
        """The field of ``kind`` that means what ``key`` means on another kind."""
        return self._aliases.get((kind, key))

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        """Validate one card table and return the keys it sets, normalised.

        Raises:
            KeyError: when ``kind`` is missing or not a known kind.
            pydantic.ValidationError: when a value or key is wrong.
        """
        found = self.models[data["kind"]]
        other: list[str] | None = None
        if ALIASES in data and ALIASES not in found.model_fields:  # every game's, said once
            data = dict(data)
            other = aliases_of(data.pop(ALIASES))
        model = found.model_validate(data)
        dumped = model.model_dump(exclude_unset=True, mode=self._mode)
        if other is not None:
            dumped[ALIASES] = other
        return self._clean(dumped) if self._clean is not None else dumped

    def to_card(self, data: dict[str, Any], origin: Origin, path: str | None) -> C:
        """Build the domain card from validated, possibly merged, card data."""
        return self._factory(data, origin, path)
