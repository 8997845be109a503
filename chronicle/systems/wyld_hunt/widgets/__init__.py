"""Wyld Hunt's widgets: card facts, the points meter's figures and the game preparation's
parts (tabs, rows, suggestions), used by its screens."""
