"""Wyld Hunt's own use cases over the database: characters and their ledgers, games between
characters, the collection and its CSV files. The generic services (``chronicle.services``)
reach them only through :mod:`chronicle.systems.registry`."""
