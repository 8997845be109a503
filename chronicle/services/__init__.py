"""Use cases shared by the command line and (later) the TUI: load the catalog, list and search
cards, check a character or setup file, compute odds. Each function returns plain results; the
fronts only format them."""
