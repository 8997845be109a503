"""Wyld Hunt's command line: its command groups (``chronicle character``, ``game``, ``quest``,
``xp``, ``history``, ``undo``, ``collection``, ``pack`` and ``cards``), declared in its
``plugin`` module and added by ``chronicle.cli`` from the registry, each imported only when it
is the command being run. Output goes through ``chronicle.cli.output``; database errors become
exit statuses through ``chronicle.cli.common.run_service``, as for every game.
"""
