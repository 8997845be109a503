"""Tales of Arcadia (64th Edition): a generic points-based miniatures wargame.

Players buy units, with options, from one army list up to an agreed point limit (a *battle
force*), then fight with two six-sided dice per attack. This package is the game's pure core:

- ``cards``: the card kinds (army, unit with variants and options, keyword, terrain) as
  immutable domain objects, keyword parsing (``"Rise Again 3:6"``) and terrain costs;
- ``schema``: the strict TOML card format (pydantic) and the loader's card schema;
- ``catalog``: the bundled cards plus a user folder, corrected by name;
- ``files``: the battle-force (roster) file and the battle record file;
- ``codes``: every violation code; ``rules``: ``check_roster`` and the builder helpers
  (what still fits, copying a force to a new limit); ``battles``: battle records;
- ``odds``: exact attack odds, die pools and roll-offs; ``check``: ``check_path``.

Nothing heavy is imported here: submodules are imported where they are used.
"""

KEY = "tales-of-arcadia"
"""The system key: ``system = "tales-of-arcadia"`` in a roster file, the card folder's name."""
LABEL = "Tales of Arcadia"
"""The game's name as shown to players."""

__all__ = ["KEY", "LABEL"]
