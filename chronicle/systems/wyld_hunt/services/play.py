"""A prepared game played Day by Day: its ledger kept as a ``play`` record of the generic store
(``chronicle.services.recordstore``: versions, concurrency, import and backup), one event a step.

``start`` lays the table out from the prepared game (the characters' Icons, Merits and Flaws with
their score changes, the Waylays each player chose, the Leagues with their Trials and Rests) with
the Base Camps, the Treasures under the Leagues and who goes first; each step appends one event,
checked by ``chronicle.systems.wyld_hunt.rules.playevents`` (refused, nothing written, when it
breaks a rule); ``undo`` appends the compensating event; ``finish`` records the game's result in
every seated character's chronicle (``games.record_result``) and closes the ledger.

The League map: ``neighbours(db, game)`` reads the game's League map (``services.maps``) for
which Leagues are adjacent (``{League: {adjacent Leagues}}``), or None while the map is not
laid whole; ``start`` stores it with the table, and without it every move is accepted with the
warning ``play.adjacency_unchecked``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from chronicle.domain.values import name_key
from chronicle.errors import BadInput, NotFound, Refused
from chronicle.rules.report import Report, Violation
from chronicle.services import recordstore as records
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.cards import Flaw, Merit, Waylay
from chronicle.systems.wyld_hunt.rules.play import PlayState, describe
from chronicle.systems.wyld_hunt.rules.playevents import replay
from chronicle.systems.wyld_hunt.rules.playfold import PlayFold

SYSTEM = "wyld-hunt"
KIND = "play"
ROLLED = ("move", "test")
LOG_LINES = 100
"""How many of the log's latest lines a view of the kept state holds (``PlayView.state.log``;
the whole log is the replay of the ledger, ``records.get``)."""


@dataclass
class PlayView:
    """A game in play: its state, report and version, and what the latest step said."""

    name: str
    version: int
    state: PlayState
    """The state; its log holds the latest ``LOG_LINES`` lines when the view is of the kept
    state (a step, ``show``), the whole log when it is of a replay (``start``)."""
    report: Report
    events: int
    said: list[str]
    """The log lines of the latest step (what happened)."""
    fresh: list[Violation] = field(default_factory=list)
    """The warnings the latest step brought (the report holds every step's)."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle play`` commands."""
        return {"name": self.name, "version": self.version, "events": self.events,
                **self.state.to_dict(), "said": list(self.said),
                "violations": [v.to_dict(game=self.name) for v in self.report.violations]}


def neighbours(db: Database, game: str) -> dict[str, set[str]] | None:
    """The Leagues next to each League on ``game``'s League map (the squares above, below and
    to each side); None while the map is not laid whole (no map, or Leagues still to lay other
    than a Unique League's discarded duplicate): the table then checks adjacency."""
    from chronicle.domain.values import name_key
    from chronicle.systems.wyld_hunt.services.maps import show_map

    view = show_map(db, game)
    cells = view.state.cells
    laid = {name_key(placed.league) for placed in cells.values()}
    if not cells or any(name_key(league) not in laid for left in view.leagues.values()
                        for league in left):
        return None
    found: dict[str, set[str]] = {placed.league: set() for placed in cells.values()}
    for (x, y), placed in cells.items():
        for step_x, step_y in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            other = cells.get((x + step_x, y + step_y))
            if other is not None:
                found[placed.league].add(other.league)
    return found


def from_map(db: Database, game: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """What ``game``'s League map says of the table: each player's Base Camp (a League's name)
    and each player's Treasures by the League they lie under; empty without a map."""
    from chronicle.systems.wyld_hunt.services.maps import show_map

    state = show_map(db, game).state
    camps = {player: state.cells[cell].league for player, cell in state.camps.items()
             if cell in state.cells}
    treasures: dict[str, dict[str, str]] = {}
    for cell, under in state.treasures.items():
        if cell in state.cells:
            for player, treasure in under:
                treasures.setdefault(player, {})[state.cells[cell].league] = treasure
    return camps, treasures


def _changes(card: Merit | Flaw) -> list[dict[str, Any]] | None:
    if card.score_changes is None:
        return None
    return [{"attribute": c.attribute.value, "change": c.change, "when": c.when.value}
            for c in card.score_changes]


def _waylay(card: Waylay) -> dict[str, Any]:
    return {"name": card.name, "rating": card.rating,
            "terrain": None if card.terrain is None else [t.value for t in card.terrain],
            "tests": None if card.tests is None else [t.value for t in card.tests],
            "might": card.might, "savvy": card.savvy, "resolve": card.resolve,
            "combat": card.combat}


def _pick(names: list[str], given: str, what: str) -> str:
    found = next((n for n in names if name_key(n) == name_key(given)), None)
    if found is None:
        raise BadInput(f"{given!r} is not {what} (choose from: {', '.join(names)})")
    return found


def table_of(db: Database, game: str, *, first: str, camps: dict[str, str],
             treasures: dict[str, dict[str, str]] | None = None) -> dict[str, Any]:
    """The record data of ``game`` laid out: what ``start`` stores.

    Raises:
        Refused: the game is not prepared legally, or is recorded already.
        BadInput: a player, League or Treasure named is not the game's.
    """
    from chronicle.systems.wyld_hunt.services import characters, games

    view = games.show_game(db, game)
    if view.status == "played":
        raise Refused(f"{view.name}'s result is already recorded")
    if view.report.errors:
        raise Refused(f"{view.name} is not ready to play: " + "; ".join(
            f"{v.message} ({v.code})" for v in view.report.errors[:3]), view.report,
            names={"game": view.name})
    players = [p for p in view.state.players]
    seated = [p.name for p in players]
    leagues: list[dict[str, Any]] = []
    for p in players:
        for league in p.leagues:
            if all(lg["name"] != league.name for lg in leagues):
                leagues.append({"name": league.name, "terrain": None if league.terrain is None
                                else [t.value for t in league.terrain], "enter": league.enter,
                                "leave": league.leave, "rest": league.rest})
    names = [str(lg["name"]) for lg in leagues]
    seats = []
    mapped_camps, mapped_treasures = from_map(db, view.name)  # what the map says, unless given
    given_camps = {**{name_key(k): v for k, v in mapped_camps.items()},
                   **{name_key(k): v for k, v in camps.items()}}
    given_treasures = {**{name_key(k): v for k, v in mapped_treasures.items()},
                       **{name_key(k): v for k, v in (treasures or {}).items()}}
    for p, seat in zip(players, view.seats, strict=True):
        if seat.character is None:
            raise Refused(f"{p.name} has no character seated: play needs one")
        built = characters.show_character(db, seat.character, p.name).state
        if name_key(p.name) not in given_camps:
            raise BadInput(f"{p.name} has no Base Camp: give --camp {p.name}=LEAGUE, or choose "
                           f"it on the map ('chronicle map camp {view.name} {p.name} --on "
                           "LEAGUE')")
        opponent = (p.waylaid_by[0] if p.waylaid_by else p.name) if len(players) > 1 else p.name
        under = {_pick(names, lg, "a League of the game"):
                 _pick([t.name for t in p.treasures], t, f"a Treasure {p.name} chose")
                 for lg, t in given_treasures.get(name_key(p.name), {}).items()}
        icon = built.icon
        seats.append({
            "player": p.name, "character": seat.character, "opponent": opponent,
            "base_camp": _pick(names, given_camps[name_key(p.name)], "a League of the game"),
            "icon": None if icon is None else {"name": icon.name, "might": icon.might,
                                               "savvy": icon.savvy, "resolve": icon.resolve},
            "merits": [{"name": m.name, "score_changes": _changes(m)} for m in built.merits],
            "flaws": [{"name": f.name, "score_changes": _changes(f)} for f in built.flaws],
            "waylays": [_waylay(w) for w in p.waylays], "treasures": under})
    head = _pick(seated, first, "a seated player")
    order = seated[seated.index(head):] + seated[:seated.index(head)]
    adjacency = neighbours(db, view.name)
    return {"game": view.name, "dice": 2 if view.system == "ironheart" else 1, "order": order,
            "leagues": leagues, "players": seats,
            "adjacency": None if adjacency is None else {k: sorted(v)
                                                         for k, v in adjacency.items()}}


def _view(stored: records.StoredRecord) -> PlayView:
    """The view of ``stored`` (one replay of its history)."""
    events: list[dict[str, Any]] = [{"kind": e.kind, "payload": e.payload} for e in stored.events]
    state, report = replay(stored.data, events)
    return PlayView(stored.name, stored.version, state, report, len(events), [])


def start(db: Database, game: str, *, first: str, camps: dict[str, str],
          treasures: dict[str, dict[str, str]] | None = None) -> PlayView:
    """Lay ``game`` out and open its ledger (``table_of``)."""
    data = table_of(db, game, first=first, camps=camps, treasures=treasures)
    return _view(records.create(db, SYSTEM, KIND, data["game"], data))


def show(db: Database, game: str) -> PlayView:
    """A game in play as its ledger stands (the state the store keeps, ``records.folded``:
    rebuilt from the whole ledger when it changed otherwise than by a step)."""
    try:
        return _folded_view(records.folded(db, SYSTEM, KIND, game))
    except NotFound as exc:
        raise _laid_out(exc) from exc


def laying_out(db: Database, game: str) -> str:
    """What a table needs to lay ``game`` out: its seated players and their Leagues (a Base
    Camp is one of them).

    Raises:
        NotFound: no game of that name.
    """
    from chronicle.systems.wyld_hunt.services import games

    view = games.show_game(db, game)
    return "; ".join(f"{seat.player}'s Leagues: {', '.join(seat.leagues) or 'none chosen'}"
                     for seat in view.seats)


def _laid_out(exc: NotFound) -> NotFound:
    """No game in play of that name: said with how to lay one out."""
    return NotFound(f"{exc}; lay it out first: chronicle play start GAME --first PLAYER "
                    "--camp PLAYER=LEAGUE ...")


def roll(dice: int) -> list[int]:
    """``dice`` six-sided dice rolled (for a table without its own)."""
    return [secrets.randbelow(6) + 1 for _ in range(dice)]


def step(db: Database, game: str, kind: str, payload: dict[str, Any], *,
         expected_version: int | None = None) -> PlayView:
    """Append one event of play, once the rules find no new error with it. A roll given as
    None is rolled now (``roll``) and kept in the event; an undo naming no event takes back
    the latest in force. The step is judged on the state the store keeps for the version
    read (``records.advance``; ``rules.playfold``), so it costs the same on the first Day and
    after thousands of steps.

    Raises:
        Refused: the step breaks a rule (nothing written); Conflict: the ledger moved on
        since ``expected_version``; NotFound: no such game in play.
    """
    def made(before: records.Folded) -> dict[str, Any]:
        was = _playing(before)
        event = _defaults(was, kind, dict(payload))
        dice = int(before.data.get("dice", 1))
        if kind == "test":
            for key in ("rolls", "against"):
                if event.get(key) is None:
                    event[key] = roll(dice)
        if kind == "move":
            event["trials"] = [dict(t, rolls=roll(dice) if t.get("rolls") is None
                                    else t["rolls"]) for t in event.get("trials", [])]
        return event

    try:
        before, after = records.advance(db, SYSTEM, KIND, game, kind, made,
                                        expected_version=expected_version)
    except NotFound as exc:
        raise _laid_out(exc) from exc
    was, now = _playing(before), _playing(after)
    view = _folded_view(after)
    if kind == "undo":
        assert was.top is not None  # else the rules refused the undo
        view.said = [f"undone: {describe(was.top.event)}"]
    else:
        view.said = now.said_since(was.lines)
        view.fresh = view.report.warnings[len(before.report.warnings):]
    return view


def _playing(found: records.Folded) -> PlayFold:
    """The game in play the store keeps (refused when its table cannot be read)."""
    if not isinstance(found.state, PlayFold):
        raise BadInput(f"{found.name}'s table cannot be read: "
                       + "; ".join(v.message for v in found.report.errors))
    return found.state


def _folded_view(found: records.Folded) -> PlayView:
    """The view of the state the store keeps (a copy: the view is the caller's)."""
    state = _playing(found).played(LOG_LINES)
    return PlayView(found.name, found.version, state,
                    Report(list(found.report.violations), state.to_dict()), found.events, [])


def _defaults(fold: PlayFold, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The step's player when none is named (the character whose Day it is; for a Waylay, the
    opponent who plays it), a Test's Waylay when none is named (the next on the League, the
    lowest rated), its type when the Waylay lists only one, an exhausted Merit's
    reason when none is given (for a lost Test while the character owes one, else its use)
    and the event an undo takes back when it names none (the latest in force).

    Raises:
        Refused: an undo with no step to undo. BadInput: a Test to name.
    """
    if kind == "undo":
        if payload.get("seq") is None:
            if fold.top is None:
                raise Refused(f"{fold.state.game} has no step to undo")
            payload["seq"] = fold.top.index + 1
        return payload
    state = fold.state
    hero = state.heroes[state.current]
    if payload.get("player") is None:
        payload["player"] = hero.opponent if kind == "waylay" else hero.player
    if kind == "exhaust" and payload.get("reason") is None:  # a lost Test's Merit, when owed
        acting = state.hero(str(payload["player"])) or hero
        payload["reason"] = "lost" if acting.owed else "use"
    if kind == "test" and not payload.get("waylay"):  # the next to face: the lowest rated
        acting = state.hero(str(payload["player"])) or hero
        upcoming = state.active(acting.league)
        if not upcoming:
            raise BadInput(f"no Waylay is on {acting.league}: there is no Test to face")
        payload["waylay"] = upcoming[0].name
    if kind == "test" and payload.get("test") is None:
        acting = state.hero(str(payload["player"])) or hero
        placed = next((w for w in state.active(acting.league)
                       if name_key(w.name) == name_key(str(payload.get("waylay", "")))), None)
        tests = (placed.card.get("tests") or []) if placed else []
        if len(tests) != 1:
            raise BadInput(f"name the Test to face ({', '.join(tests) or 'the card lists none'}):"
                           " --test might|savvy|resolve|combat")
        payload["test"] = tests[0]
    return payload


def undo(db: Database, game: str, *, expected_version: int | None = None) -> PlayView:
    """Take back the latest event in force (a compensating ``undo`` event)."""
    return step(db, game, "undo", {}, expected_version=expected_version)


def finish(db: Database, game: str, completed: dict[str, list[str]], *,
           date: str | None = None, note: str | None = None) -> PlayView:
    """Record the game's result in every seated character's chronicle (``game result``), with
    the Quest Treasures each character found, and close the ledger."""
    from chronicle.systems.wyld_hunt.services import games

    current = show(db, game)
    if current.state.finished is not None:
        raise Refused(f"{current.name}'s result is already recorded")
    found = [f"{h.character}: {', '.join(h.found)}" for h in current.state.heroes.values()
             if h.found]
    text = "; ".join(x for x in (note, f"Quest Treasures found: {'; '.join(found)}"
                                 if found else None) if x)
    games.record_result(db, current.name, completed, date=date, note=text or None)
    return step(db, game, "finish", {"completed": completed},
                expected_version=current.version)


STEP_WORDS = {
    "move": "move LEAGUE [leave|enter:ATTRIBUTE:DIFFICULTY[:ROLL]]...",
    "waylay": "waylay WAYLAY",
    "test": "test [WAYLAY] [might|savvy|resolve|combat] [ROLL [AGAINST]]",
    "exhaust": "exhaust MERIT [lost|use]",
    "discard": "discard MERIT",
    "flaw": "flaw FLAW",
    "treasure": "treasure TREASURE",
    "rest": "rest MERIT",
    "end": "end",
}
"""The steps as the app's step line takes them (the command line's, without the game and
``--player``: the player is the one whose Day it is, the opponent for a Waylay). A name is
typed as it is, quoted or not (``move The Kyrrian Tower``); a Test names its Waylay or faces
the next one on the League (the lowest rated). A roll is N, or N+N for two
dice; a roll left out is rolled. An exhausted Merit is for a lost Test while one is owed,
else used, unless ``lost`` or ``use`` says."""

TESTS = ("might", "savvy", "resolve", "combat")


def _roll_words(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split("+")]
    except ValueError:
        raise BadInput(f"a roll is N or N+N, not {text!r}") from None


def _named(kind: str, words: list[str]) -> tuple[str, list[str]]:
    """The name a step's words begin with (as many words as make it: a name need not be
    quoted) and the words after it: a move's Trials (``side:...``), a Test's type and rolls,
    an exhaust's ``lost`` or ``use``."""
    def after(word: str) -> bool:
        if kind == "move":
            return ":" in word
        if kind == "test":
            return word.lower() in TESTS or word.replace("+", "").isdigit()
        return kind == "exhaust" and word.lower() in ("lost", "use")

    cut = next((i for i, word in enumerate(words) if (i or kind == "test") and after(word)),
               len(words))
    return " ".join(words[:cut]), words[cut:]


def words_step(text: str) -> tuple[str, dict[str, Any]]:
    """The step typed as words (``STEP_WORDS``), as an event's kind and payload.

    Raises:
        BadInput: naming the step's form when the words are not one.
    """
    import shlex

    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise BadInput(f"the step cannot be read ({exc})") from None
    if not words or words[0].lower() not in STEP_WORDS:
        raise BadInput("a step is one of: " + "; ".join(STEP_WORDS.values()))
    kind, rest = words[0].lower(), words[1:]
    form = STEP_WORDS[kind]
    if kind == "end":
        if rest:
            raise BadInput(f"write: {form}")
        return kind, {"player": None}
    if not rest and kind != "test":
        raise BadInput(f"write: {form}")
    name, extra = _named(kind, rest)
    if kind == "move":
        trials = []
        for word in extra:
            parts = word.split(":")
            if len(parts) not in (3, 4) or parts[0] not in ("leave", "enter") \
                    or not parts[2].isdigit():
                raise BadInput(f"a Trial is leave|enter:ATTRIBUTE:DIFFICULTY[:ROLL], not "
                               f"{word!r}")
            trials.append({"side": parts[0], "attribute": parts[1].lower(),
                           "difficulty": int(parts[2]),
                           "rolls": _roll_words(parts[3]) if len(parts) == 4 else None})
        return kind, {"player": None, "to": name, "trials": trials}
    if kind == "test":
        test = extra.pop(0).lower() if extra and not extra[0][0].isdigit() else None
        if len(extra) > 2:
            raise BadInput(f"write: {form}")
        rolls = [_roll_words(w) for w in extra]
        return kind, {"player": None, "waylay": name or None, "test": test,
                      "rolls": rolls[0] if rolls else None,
                      "against": rolls[1] if len(rolls) > 1 else None}
    if kind == "exhaust":
        if len(extra) > 1:
            raise BadInput(f"write: {form}")
        return kind, {"player": None, "card": name,
                      "reason": extra[0].lower() if extra else None}
    if extra:
        raise BadInput(f"write: {form} (quote a name with spaces)")
    key = {"waylay": "waylay", "treasure": "treasure"}.get(kind, "card")
    return kind, {"player": None, key: name}


START_WORDS = "start FIRST PLAYER=LEAGUE PLAYER=LEAGUE [PLAYER:LEAGUE=TREASURE]..."
"""How the app's step line lays a game out: who goes first, each Base Camp, the Treasures."""


def words_start(text: str) -> dict[str, Any]:
    """``start``'s words (``START_WORDS``) as the keyword arguments of :func:`start` (names
    quoted or not: ``start Josh Tim=Balanvale Josh=Balath Castle``).

    Raises:
        BadInput: naming the form when the words are not it.
    """
    import shlex

    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise BadInput(f"the step cannot be read ({exc})") from None
    if len(words) < 2 or words[0].lower() != "start":
        raise BadInput(f"write: {START_WORDS}")
    camps: dict[str, str] = {}
    treasures: dict[str, dict[str, str]] = {}
    given: list[str] = []
    for word in words[2:]:  # a word goes on the name before it unless it starts another
        if given and ":" not in word and ("=" not in word or "=" not in given[-1]):
            given[-1] += f" {word}"
        else:
            given.append(word)
    for word in given:
        head, eq, value = word.partition("=")
        player, colon, league = head.partition(":")
        if not eq or not value or not player:
            raise BadInput(f"{word!r} is not PLAYER=LEAGUE or PLAYER:LEAGUE=TREASURE")
        if colon:
            treasures.setdefault(player, {})[league] = value
        else:
            camps[player] = value
    return {"first": words[1], "camps": camps, "treasures": treasures}
