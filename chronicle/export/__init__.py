"""Printable PDFs: character sheets, chronicle logs and game-preparation sheets.

``document`` builds each printable as plain data (pure: no reportlab); ``pdf`` lays it out with
reportlab, using the flowables of ``layout`` and the fonts of ``fonts``; ``files`` makes safe
file names and writes files atomically. Nothing here is imported at start-up: the services
import it when exporting, so ``chronicle check`` and the app never load reportlab.
"""
