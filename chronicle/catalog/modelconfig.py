"""The pydantic settings every game's strict file models share, declared once.

A game's card, record and ledger models take ``model_config = STRICT``: unknown keys are refused
(a misspelt key is reported, never dropped), a read value is frozen, text is stripped, and the
model is built when first used (so importing a game's schema stays cheap).
"""

from __future__ import annotations

from pydantic import ConfigDict

STRICT = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True, defer_build=True)
"""The strict models' settings."""
