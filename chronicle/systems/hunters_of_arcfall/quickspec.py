"""GENERATED from the pydantic models named in ``SOURCES``: do not edit. Edit the
models, then generate it again (tests/test_quickspec.py fails while it is stale):

    python -m chronicle.catalog.quickspec chronicle.systems.hunters_of_arcfall.quickspec

What each field accepts in its final form, for the quick reader
(``chronicle.catalog.quick.checks``).
"""

from __future__ import annotations

from typing import Any

SOURCES: dict[str, str] = {'GAME': 'chronicle.systems.hunters_of_arcfall.files:GameFile',
 'PLAYER': 'chronicle.systems.hunters_of_arcfall.files:PlayerModel',
 'TURN': 'chronicle.systems.hunters_of_arcfall.files:TurnModel',
 'HUNTER': 'chronicle.systems.hunters_of_arcfall.schema:HunterModel',
 'BOUNTY': 'chronicle.systems.hunters_of_arcfall.schema:BountyModel',
 'DIE': 'chronicle.systems.hunters_of_arcfall.schema:DieModel'}
"""Each generated table and the pydantic model it is read from."""

GAME: Any = ('table',
 {'system': ('judged', ('choice', ('hunters-of-arcfall',)), ('_system',)),
  'name': ('str', 1, 200, 'name'),
  'limit': ('int', 1, 1000),
  'ended': ('bool',),
  'date': ('judged', ('str', 0, 40, ''), ('_date_text',)),
  'note': ('str', 1, 4000, 'text'),
  'player': ('list',
             1,
             12,
             ('table',
              {'name': ('str', 1, 200, 'name'), 'hunter': ('str', 1, 200, 'name')},
              ('name', 'hunter'))),
  'turn': ('list',
           0,
           10000,
           ('judged',
            ('table',
             {'player': ('str', 1, 200, 'name'),
              'drawn': ('list', 0, 500, ('str', 1, 200, 'name')),
              'captured': ('list', 0, 500, ('str', 1, 200, 'name')),
              'ability': ('bool',),
              'end': ('judged',
                      ('choice', ('claimed', 'wounded', 'no_dice')),
                      ('_lower',)),
              'heals': ('int', 0, 100),
              'undo': ('int', 1, 10000),
              'note': ('str', 1, 4000, 'text')},
             ()),
            ('_turn_or_undo',))),
  'card': ('list', 0, 1000, ('value',))},
 ('system', 'name', 'player'))

PLAYER: Any = ('table',
 {'name': ('str', 1, 200, 'name'), 'hunter': ('str', 1, 200, 'name')},
 ('name', 'hunter'))

TURN: Any = ('judged',
 ('table',
  {'player': ('str', 1, 200, 'name'),
   'drawn': ('list', 0, 500, ('str', 1, 200, 'name')),
   'captured': ('list', 0, 500, ('str', 1, 200, 'name')),
   'ability': ('bool',),
   'end': ('judged', ('choice', ('claimed', 'wounded', 'no_dice')), ('_lower',)),
   'heals': ('int', 0, 100),
   'undo': ('int', 1, 10000),
   'note': ('str', 1, 4000, 'text')},
  ()),
 ('_turn_or_undo',))

HUNTER: Any = ('table',
 {'name': ('str', 1, 200, 'name'),
  'kind': ('choice', ('hunter',)),
  'aliases': ('list', 0, 20, ('str', 1, 200, 'name')),
  'summary': ('str', 1, 4000, 'text'),
  'ability': ('str', 1, 4000, 'text'),
  'source': ('any',
             (('str', 1, 4000, 'text'), ('list', 0, 20, ('str', 1, 4000, 'text')))),
  'confidence': ('str', 1, 4000, 'text'),
  'notes': ('str', 1, 4000, 'text'),
  'wounds': ('judged', ('int', 0, 1000), ('_rulebook_capacity',))},
 ('name', 'kind'))

BOUNTY: Any = ('table',
 {'name': ('str', 1, 200, 'name'),
  'kind': ('choice', ('bounty',)),
  'aliases': ('list', 0, 20, ('str', 1, 200, 'name')),
  'summary': ('str', 1, 4000, 'text'),
  'ability': ('str', 1, 4000, 'text'),
  'source': ('any',
             (('str', 1, 4000, 'text'), ('list', 0, 20, ('str', 1, 4000, 'text')))),
  'confidence': ('str', 1, 4000, 'text'),
  'notes': ('str', 1, 4000, 'text'),
  'slots': ('judged',
            ('list',
             0,
             50,
             ('judged',
              ('choice', ('hit', 'wound', 'miss', 'heal', 'stun')),
              ('_lower',))),
            ('_lower_list',)),
  'chevrons': ('judged', ('list', 0, 50, ('int', 1, 50)), ('_chevrons_on_slots',)),
  'fortune': ('int', 0, 1000),
  'fame': ('int', 0, 1000)},
 ('name', 'kind'))

DIE: Any = ('table',
 {'name': ('str', 1, 200, 'name'),
  'kind': ('choice', ('die',)),
  'aliases': ('list', 0, 20, ('str', 1, 200, 'name')),
  'summary': ('str', 1, 4000, 'text'),
  'ability': ('str', 1, 4000, 'text'),
  'source': ('any',
             (('str', 1, 4000, 'text'), ('list', 0, 20, ('str', 1, 4000, 'text')))),
  'confidence': ('str', 1, 4000, 'text'),
  'notes': ('str', 1, 4000, 'text'),
  'faces': ('judged',
            ('table',
             {'hit': ('int', 0, 100),
              'wound': ('int', 0, 100),
              'miss': ('int', 0, 100),
              'heal': ('int', 0, 100),
              'stun': ('int', 0, 100)},
             ()),
            ('_some_face',))},
 ('name', 'kind'))
