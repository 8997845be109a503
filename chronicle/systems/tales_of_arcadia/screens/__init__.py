"""Tales of Arcadia in the app: the force builder (``builder.TalesBuilderScreen``, the game's
"main" screen, opened from the "Other games" area) and the unit entry form
(``unit_form.UnitFormScreen``). One screen per module; user and card text through
``chronicle.tui.text``, never as markup."""
