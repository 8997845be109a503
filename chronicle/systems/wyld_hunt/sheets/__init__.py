"""Wyld Hunt's printable sheets as the document model's parts: the character sheet (and its
pencil play aid), the chronicle log, the game-preparation sheet and a player's characters.

Pure, like the generic model they build (``chronicle.export.model``): no reportlab, no
services. The game system names the builders of ``document`` in its ``sheets``; the export
service finds them through the registry and renders them.
"""
