"""Arcadia Quest (CMON, 2014): a campaign of six scenarios played by two to four guilds of
three heroes, who earn coins, buy upgrades, keep death curses and titles between scenarios.

This package is the game: its pure core, then its fronts:

- ``cards``: the card kinds (hero, upgrade, curse, scenario, monster, title) as immutable domain
  objects, with the products each comes in;
- ``schema``: the strict TOML card format (pydantic) and the loader's card schema;
- ``catalog``: the bundled cards plus a user folder, corrected by name; heroes and scenarios
  offered by the products a group owns;
- ``files``: the campaign file (read into events, and written back); ``ledger``: the campaign
  as events (start, scenario played, upgrade phase, correction, undo); ``codec``: events to and
  from stored records; ``codes``: every violation code;
- ``rules``: ``replay`` (one fold of the events checking every rule, with ``inventory`` and
  ``phases``), ``check_campaign`` (the report and the JSON summary of ``summary``) and
  ``check_event`` (what a new event would add, checked before it is written);
- ``odds``: exact attack odds (wounds = hits minus saves, crits exploding on both sides);
- ``check``: ``check_path``, the entry ``chronicle check`` dispatches to;
- ``record``: a campaign as the database keeps it (the group's record of kind ``campaign``,
  its events the scenarios, upgrade phases, corrections and undos) and the store's check;
- the fronts (seam contract, section 3): ``service`` (use cases over
  ``chronicle.services.recordstore``), ``cli`` (``chronicle campaign``, ``scenario``,
  ``upgrade``), ``sheets`` (the campaign sheet in the document model), ``drafts`` (what the
  app's forms hold and their live tally) and ``screens`` (the campaigns screen and its dialogs).

The interface is in English; rules cite the Spanish section names of the rulebook (the seed).
Nothing heavy is imported here: submodules are imported where they are used.
"""

KEY = "arcadia-quest"
"""The system key: ``system = "arcadia-quest"`` in a campaign file, the card folder's name."""
LABEL = "Arcadia Quest"
"""The game's name as shown to players."""

__all__ = ["KEY", "LABEL"]
