"""Printable PDFs: character sheets, chronicle logs and game-preparation sheets.

``document`` builds each printable as plain data (pure: no reportlab), from the model
(``model``), the wording on paper (``wording``), what it reads (``sources``), the character sheet
and chronicle (``character``) and the game sheet (``game``). ``pdf`` lays it out with reportlab
on A4 or US Letter, using the flowables of ``layout`` (bands), ``blocks`` (boxes, fields, tables,
notes) and ``grid`` (the card grid), and the embedded fonts of ``fonts`` (every script, shaped
and ordered); ``files`` makes safe file names and writes files atomically. Nothing here is
imported at start-up: the services import it when exporting, so ``chronicle check`` and the app
never load reportlab.
"""
