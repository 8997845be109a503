"""Game systems, one package each: its card schema, domain objects, rules and (later) sheet.

``wyld_hunt`` is the first. Arcadia Quest, Tales of Arcadia and Hunters of Arcfall will be
siblings; adding a game means adding a package here, not editing every folder.
"""
