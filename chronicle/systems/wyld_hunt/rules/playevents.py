"""The rule each event of a game in play is held to, and what it changes.

``apply(state, event, seq)`` judges one event against the state before it and, when it breaks no
rule, changes the state; an event with an error changes nothing (the store refuses to write it;
a file or an import shows it). Each rule quotes its rulebook section:

- move: "During a Day a character may either move to a new League or stay in his current one.
  Characters can only move to adjacent Leagues" (Sequence of Play); "You must pass the Exiting
  Trial (if one exists) for your current League ... You must pass the [Entering] Trial ... If you
  do not pass the Trial, your character must remain in the League he/she currently occupies and
  cannot move this Day"; "If there is a Waylay in your League that you have not defeated, you
  may only leave in the direction from which you came" (Leaving Leagues). Trials: "Roll a die and
  add that number to the listed Attribute. If you equal or exceed the difficulty listed, you
  pass" (Tests and Trials: Trials).
- waylay: "When your opponent enters a League, you have the option of playing a Waylay Card
  against him. The Waylay must match at least one of the Terrain features of the League"; "An
  opponent, however, cannot normally play a Waylay on a League which already has a Waylay card on
  it" (Sequence of Play); "Your opponent may never Waylay or directly confront you in your Base
  Camp" (Base Camp).
- test: "If there is more than one Waylay on a League, all must be encountered in the same
  Day[, in order of increasing Waylay Rating]"; "If your score is higher, you are victorious, and
  the Waylay is defeated and discarded ... If there is a tie ... the Waylay remains in play ... If
  you're defeated by the Waylay Card, you must exhaust one Merit of your choosing" (Tests).
- exhaust, discard: "Once a Merit Card is played, it's exhausted. The second results when a
  character fails a Test"; "You can at any time opt to discard an exhausted Merit instead of
  exhausting a still-active Merit. If all of your Merits are exhausted and you lose a Test, you
  must discard one of your exhausted Merits. If you're forced to discard all of your Merits, you
  skip your next Day and are transported back to your Base Camp" (Exhausting and Recovering
  Merits).
- flaw: "Your opponent may, when appropriate, exhaust one of your Flaws ... Flaws can never be
  discarded, only exhausted" (Exhausting and Recovering Flaws).
- treasure, rest: "Aside from the Entering Trial, you may only encounter one event on a League per
  Day ... If you face a Waylay in one Day, you cannot get your Treasure or Rest on that Day"
  (Sequence of Play); "You may never Rest on a League that has an active Waylay on it"; "Each
  League details what Merits can be recovered by resting there" (Exhausting and Recovering
  Merits); "regardless of the Rest listed on your Base Camp League, you may always recover one
  Merit per Day of any type" (Base Camp).
- end: "Once you have moved and encountered one thing, your Day ends" (Quick Turn Reference).
"""

from __future__ import annotations

from typing import Any

from chronicle.rules.report import Fix, Report, Violation
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import NOT_PRINTED, TestType
from chronicle.systems.wyld_hunt.rules.play import Hero, Placed, PlayState, in_force, initial
from chronicle.systems.wyld_hunt.rules.scores import possessive

ATTRIBUTES = tuple(t.value for t in TestType)


def _fix(text: str, cli: str, app: str) -> Fix:
    return Fix(text, cli=f"chronicle play {cli}", app=app)


def _rolls(state: PlayState, value: Any, what: str) -> tuple[list[int] | None, list[Violation]]:
    """The dice of a roll, or why they are not the edition's dice."""
    ok = (isinstance(value, list) and len(value) == state.dice
          and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                  for d in value))
    if ok:
        return list(value), []
    return None, [codes.PLAY_ROLL_BAD(
        f"{what} rolled {value!r}: this edition rolls {state.dice} six-sided "
        f"{'die' if state.dice == 1 else 'dice'} (1 to 6 each)",
        fix=_fix(f"enter {state.dice} die result(s) from 1 to 6",
                 "... --roll N" + (" --roll N" if state.dice == 2 else ""),
                 "type the roll in the step's Roll field"))]


def _score(hero: Hero, attribute: str, what: str) -> tuple[int | None, list[Violation]]:
    """The character's effective score in ``attribute`` now, or what is unknown."""
    score = hero.scores()[TestType(attribute)]
    if score.effective is not None:
        return score.effective, []
    missing = score.unknowns()
    first = missing[0]
    return None, [codes.PLAY_VALUE_UNKNOWN(
        f"{what} needs {possessive(hero.character)} {attribute.title()}, not known: "
        + ", ".join(u.describe() for u in missing), [u.card for u in missing if u.card],
        fix=Fix(f"fill in {first.describe()} from the card", cli=first.fix(),
                app="fill it in from the card in Cards (1)") if first.fix() else
        f"give {hero.character} a Character Icon")]


def _whose_day(state: PlayState, player: str, what: str) -> tuple[Hero | None, list[Violation]]:
    hero = state.hero(player)
    if hero is None:
        return None, [codes.PLAY_NOT_YOUR_DAY(
            f"{player!r} has no character in {state.game} (seated: {', '.join(state.order)})",
            fix=_fix("name a seated player", "... --player PLAYER", "choose the player"))]
    if hero.player != state.current:
        return None, [codes.PLAY_NOT_YOUR_DAY(
            f"{hero.character} {what} on {state.current}'s Day {state.day}",
            fix=_fix(f"end {state.current}'s Day first", "end <game>", "e (end the Day)"))]
    return hero, []


def apply(state: PlayState, event: dict[str, Any], seq: int) -> list[Violation]:
    """Judge event number ``seq`` and, when it is legal, play it on ``state``."""
    kind = event.get("kind")
    payload = event.get("payload")
    if state.finished is not None:
        return [codes.PLAY_FINISHED(f"event {seq} ({kind}) comes after the game's result",
                                    fix="start another game")]
    if not isinstance(payload, dict) or kind not in _RULES:
        return [codes.PLAY_UNREADABLE(f"event {seq} ({kind!r}) is not an event of play")]
    try:
        found = _RULES[kind](state, payload)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return [codes.PLAY_UNREADABLE(f"event {seq} ({kind}) cannot be read ({exc})")]
    return found


def _move(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    hero, found = _whose_day(state, str(p["player"]), "moves")
    if hero is None:
        return found
    to = state.league_name(str(p["to"]))
    if to is None:
        return [codes.PLAY_LEAGUE_UNKNOWN(
            f"{p['to']!r} is not a League of {state.game}",
            fix=_fix(f"move to one of {', '.join(state.leagues)}", "move <game> LEAGUE",
                     "m, then choose a League"))]
    if hero.stuck:
        return [codes.PLAY_STUCK(f"{hero.character} failed a Trial today and stays in "
                                 f"{hero.league} until the next Day",
                                 fix=_fix("end the Day", "end <game>", "e (end the Day)"))]
    if hero.moved or hero.encounter is not None or to == hero.league:
        return [codes.PLAY_ONE_MOVE(
            f"{hero.character} already " + ("moved" if hero.moved else "is in " + to
                                            if to == hero.league else "had an encounter")
            + " today: one move a Day, before any encounter", [to],
            fix=_fix("end the Day", "end <game>", "e (end the Day)"))]
    blocking = state.active(hero.league)
    if blocking and to != hero.came_from:
        back = hero.came_from or "nowhere (the character started here)"
        return [codes.PLAY_WAYLAY_BLOCKS(
            f"{blocking[0].name} is undefeated on {hero.league}: {hero.character} may only "
            f"retreat, to {back}", [blocking[0].name],
            fix=_fix(f"face {blocking[0].name}, or retreat", f"test <game> {blocking[0].name}",
                     "t (face the Waylay)"))]
    if state.adjacency is None:
        found.append(codes.PLAY_ADJACENCY_UNCHECKED(
            f"{hero.league} to {to}: {state.game} has no League map yet, so adjacency is not "
            "checked (the table checks it)", [hero.league, to],
            fix="place the Leagues on the map to have moves checked"))
    elif to not in state.adjacency.get(hero.league, set()):
        return [codes.PLAY_NOT_ADJACENT(
            f"{to} is not adjacent to {hero.league} (adjacent: "
            f"{', '.join(sorted(state.adjacency.get(hero.league, set()))) or 'none'})",
            [hero.league, to], fix=_fix("move one League, not diagonally",
                                        "move <game> LEAGUE", "m, then choose a League"))]
    trials = p.get("trials", [])
    passed = True
    outcomes = []
    for trial in trials:
        side = trial["side"]
        if side not in ("leave", "enter"):
            raise ValueError(f"a Trial is on leaving or entering, not {side!r}")
        attribute = str(trial["attribute"])
        if attribute not in ATTRIBUTES:
            raise ValueError(f"{attribute!r} is no Attribute")
        rolls, bad = _rolls(state, trial["rolls"], f"the {side} Trial")
        score, unknown = _score(hero, attribute, f"the {side} Trial")
        if bad or unknown:
            return found + bad + unknown
        assert rolls is not None and score is not None
        total = score + sum(rolls)
        ok = total >= int(trial["difficulty"])
        outcomes.append(f"{side} Trial {attribute.title()} {score}+{'+'.join(map(str, rolls))}"
                        f"={total} vs {trial['difficulty']}: {'pass' if ok else 'fail'}")
        if not ok:
            passed = False
            break
    if not passed:
        hero.stuck = True
        state.log.append(f"{hero.character} fails to move to {to}: {'; '.join(outcomes)}")
        return found
    hero.came_from, hero.league = hero.league, to
    hero.moved = hero.entered = True
    state.log.append(f"{hero.character} moves to {to}"
                     + (f" ({'; '.join(outcomes)})" if outcomes else ""))
    return found


def _terrain_match(league: dict[str, Any], card: dict[str, Any]) -> bool | None:
    mine, theirs = league.get("terrain"), card.get("terrain")
    if theirs is not None and "any" in theirs:
        return True
    if mine is None or theirs is None:
        return None
    return bool(set(mine) & set(theirs))


def _waylay(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    player = str(p["player"])
    target = state.heroes.get(state.current)
    hand = next((h for k, h in state.hands.items() if k.casefold() == player.casefold()), None)
    assert target is not None
    if hand is None or target.opponent.casefold() != player.casefold():
        return [codes.PLAY_WAYLAY_NOT_NOW(
            f"{player} does not waylay {target.character} (its opponent is {target.opponent})",
            fix=_fix(f"{target.opponent} plays the Waylays on {target.character}",
                     "waylay <game> WAYLAY --player " + target.opponent, "w (play a Waylay)"))]
    card = next((w for w in hand if str(w["name"]).casefold() == str(p["waylay"]).casefold()),
                None)
    if card is None:
        return [codes.PLAY_WAYLAY_NOT_HELD(
            f"{player} holds no {p['waylay']} (holds: "
            f"{', '.join(w['name'] for w in hand) or 'none'})", [str(p["waylay"])],
            fix=_fix("play a Waylay you hold", "waylay <game> WAYLAY", "w (play a Waylay)"))]
    league = target.league
    if league == target.base_camp:
        return [codes.PLAY_WAYLAY_BASE_CAMP(
            f"{target.character} is in its Base Camp, {league}: never waylaid there",
            [card["name"], league], fix="play it when the character leaves its Base Camp")]
    if not target.entered:
        return [codes.PLAY_WAYLAY_NOT_NOW(
            f"{target.character} did not enter {league} this Day: a Waylay is played when the "
            "opponent enters a League", [card["name"]],
            fix="hold the Waylay for a League the character enters")]
    if state.waylays.get(league):
        return [codes.PLAY_WAYLAY_TAKEN(
            f"{league} already has {state.waylays[league][0].name} on it", [card["name"], league],
            fix="hold the Waylay for another League")]
    found: list[Violation] = []
    match = _terrain_match(state.leagues[league], card)
    if match is False:
        return [codes.PLAY_WAYLAY_TERRAIN(
            f"{card['name']} ({', '.join(card.get('terrain') or [])}) matches none of "
            f"{possessive(league)} Terrain ({', '.join(state.leagues[league]['terrain'])})",
            [card["name"], league], fix="play a Waylay that matches a Terrain of the League")]
    if match is None:
        found.append(codes.PLAY_TERRAIN_UNKNOWN(
            f"the Terrain of {card['name'] if card.get('terrain') is None else league} is not "
            "known: the table checks the match", [card["name"], league],
            fix=f"fill in the Terrain from the card: chronicle cards new "
                f"\"{card['name'] if card.get('terrain') is None else league}\" --terrain ..."))
    hand.remove(card)
    state.placed += 1
    state.waylays.setdefault(league, []).append(
        Placed(state.placed, str(card["name"]), card.get("rating"), player, card))
    target.entered = False  # one Waylay on him as he enters
    state.log.append(f"{player} plays {card['name']} on {target.character} in {league}")
    return found


def _test(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    hero, found = _whose_day(state, str(p["player"]), "faces a Waylay")
    if hero is None:
        return found
    if hero.encounter not in (None, "waylay"):
        return [codes.PLAY_ONE_ENCOUNTER(f"{hero.character} already had its encounter today "
                                         f"({hero.encounter})", fix="end the Day")]
    on = [w for w in state.active(hero.league) if w.id not in hero.faced]
    placed = next((w for w in on if w.name.casefold() == str(p["waylay"]).casefold()), None)
    if placed is None or placed is not on[0]:
        due = on[0].name if on else None
        return [codes.PLAY_WAYLAY_ORDER(
            f"{p['waylay']} is not the Waylay {hero.character} faces next in {hero.league} ("
            + (f"next: {due}, in increasing Waylay rating)" if due else "none left today)"),
            [str(p["waylay"])], fix=_fix(f"face {due}" if due else "end the Day",
                                         f"test <game> {due}" if due else "end <game>",
                                         "t (face the Waylay)" if due else "e (end the Day)"))]
    test = str(p["test"])
    card = placed.card
    theirs_value = card.get(test)
    if test not in ATTRIBUTES or theirs_value == NOT_PRINTED:
        return [codes.PLAY_TEST_NOT_LISTED(
            f"{placed.name} prints no {test.title()}: it can never be faced in that Test",
            [placed.name], fix=_fix(f"face it in {', '.join(card.get('tests') or [])}",
                                    f"test <game> \"{placed.name}\" --test TEST",
                                    "t, then choose the Test"))]
    listed = card.get("tests")
    if listed is not None and test not in listed:
        found.append(codes.PLAY_TEST_CHANGED(
            f"{placed.name} lists {', '.join(listed)}, not {test.title()}: a Merit must change "
            "its nature", [placed.name], fix="exhaust the Merit that changes it"))
    mine, unknown = _score(hero, test, f"the {test.title()} Test against {placed.name}")
    if theirs_value is None:
        unknown.append(codes.PLAY_VALUE_UNKNOWN(
            f"{possessive(placed.name)} {test.title()} is not known", [placed.name],
            fix=Fix("fill it in from the card",
                    cli=f"chronicle cards new \"{placed.name}\" --kind waylay --{test} N",
                    app="fill it in from the card in Cards (1)")))
    rolls, bad = _rolls(state, p["rolls"], hero.character)
    against, bad2 = _rolls(state, p["against"], placed.name)
    if unknown or bad or bad2:
        return found + unknown + bad + bad2
    assert mine is not None and rolls is not None and against is not None
    if not isinstance(theirs_value, int):
        raise ValueError(f"{possessive(placed.name)} {test.title()} is not a number")
    score, theirs = mine + sum(rolls), theirs_value + sum(against)
    hero.faced.add(placed.id)
    hero.encounter = "waylay"
    if score > theirs:
        state.waylays[hero.league].remove(placed)
        outcome = "wins: the Waylay is defeated and discarded"
    elif score == theirs:
        outcome = "ties: the Waylay remains"
    else:
        hero.owed += 1
        outcome = "loses: exhaust one Merit"
    state.log.append(f"{hero.character} {test.title()} {mine}+{'+'.join(map(str, rolls))}="
                     f"{score} against {placed.name} {theirs_value}+"
                     f"{'+'.join(map(str, against))}={theirs}: {outcome}")
    return found


def _card_hero(state: PlayState, p: dict[str, Any]) -> Hero:
    hero = state.hero(str(p["player"]))
    if hero is None:
        raise ValueError(f"{p['player']!r} has no character in {state.game}")
    return hero


def _exhaust(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    hero = _card_hero(state, p)
    merit = hero.merit(str(p["card"]))
    lost = p.get("reason") == "lost"
    if merit is None or merit.name not in hero.active_merits():
        return [codes.PLAY_CARD_NOT_ACTIVE(
            f"{p['card']} is not an active Merit of {hero.character} (active: "
            f"{', '.join(hero.active_merits()) or 'none'})", [str(p["card"])],
            fix=_fix("exhaust an active Merit, or discard an exhausted one",
                     "discard <game> MERIT", "d (discard)"))]
    if lost and hero.owed == 0:
        return [codes.PLAY_NOTHING_OWED(f"{hero.character} lost no Test that is not paid for",
                                        [merit.name], fix="exhaust it by use instead")]
    hero.exhausted.add(merit.name)
    if lost:
        hero.owed -= 1
    state.log.append(f"{hero.character} exhausts {merit.name}"
                     + (" (a lost Test)" if lost else " (used)"))
    return []


def _discard(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    hero = _card_hero(state, p)
    merit = hero.merit(str(p["card"]))
    if merit is None or merit.name not in hero.exhausted:
        return [codes.PLAY_CARD_NOT_ACTIVE(
            f"{p['card']} is not an exhausted Merit of {hero.character}: only an exhausted "
            f"Merit is discarded (exhausted: {', '.join(sorted(hero.exhausted)) or 'none'})",
            [str(p["card"])], fix=_fix("exhaust an active Merit instead",
                                       "exhaust <game> MERIT --lost", "x (exhaust)"))]
    hero.exhausted.discard(merit.name)
    hero.discarded.add(merit.name)
    hero.owed = max(0, hero.owed - 1)
    found: list[Violation] = []
    state.log.append(f"{hero.character} discards {merit.name}")
    if len(hero.discarded) == len(hero.merits):
        hero.skip_next, hero.owed = True, 0
        found.append(codes.PLAY_DAY_SKIPPED(
            f"{hero.character} has discarded every Merit: it skips its next Day and is "
            f"transported back to its Base Camp, {hero.base_camp}", [merit.name]))
    return found


def _flaw(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    hero = _card_hero(state, p)
    flaw = next((f for f in hero.flaws if f.name.casefold() == str(p["card"]).casefold()), None)
    if flaw is None or flaw.name in hero.flaws_exhausted:
        return [codes.PLAY_CARD_NOT_ACTIVE(
            f"{p['card']} is not an active Flaw of {hero.character}", [str(p["card"])],
            fix=_fix("exhaust one of its active Flaws", "flaw <game> FLAW", "f (Flaw)"))]
    hero.flaws_exhausted.add(flaw.name)
    state.log.append(f"{hero.opponent} exhausts {possessive(hero.character)} {flaw.name}")
    return []


def _calm(state: PlayState, p: dict[str, Any], doing: str,
          what: str) -> tuple[Hero | None, list[Violation]]:
    """The hero whose Day it is, free for the Day's one encounter (``what``: a Treasure or a
    Rest) on a League with no active Waylay; or None and why not."""
    hero, found = _whose_day(state, str(p["player"]), doing)
    if hero is None:
        return None, found
    if hero.encounter is not None:
        return None, [codes.PLAY_ONE_ENCOUNTER(
            f"{hero.character} already had its encounter today ({hero.encounter}): {what} "
            "waits for another Day", fix=_fix("end the Day", "end <game>", "e (end the Day)"))]
    active = state.active(hero.league)
    if active:
        return None, [codes.PLAY_WAYLAY_ACTIVE(
            f"{active[0].name} is active on {hero.league}: no {what} there", [active[0].name],
            fix=_fix(f"face {active[0].name} first", f"test <game> \"{active[0].name}\"",
                     "t (face the Waylay)"))]
    return hero, []


def _treasure(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    hero, found = _calm(state, p, "picks up a Treasure", "Treasure")
    if hero is None:
        return found
    under = hero.treasures.get(hero.league)
    if under is None or under.casefold() != str(p["treasure"]).casefold():
        return [codes.PLAY_NO_TREASURE(
            f"{hero.character} has no {p['treasure']} under {hero.league}"
            + (f" (its Treasure here is {under})" if under else ""), [str(p["treasure"])],
            fix="pick up your own Treasure where it lies")]
    del hero.treasures[hero.league]
    hero.found.append(under)
    hero.encounter = "treasure"
    state.log.append(f"{hero.character} picks up {under} in {hero.league}")
    return []


def _rest(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    hero, found = _calm(state, p, "rests", "Rest")
    if hero is None:
        return found
    merit = hero.merit(str(p["card"]))
    if merit is None or merit.name not in hero.exhausted:
        return [codes.PLAY_CARD_NOT_ACTIVE(
            f"{p['card']} is not an exhausted Merit of {hero.character} (exhausted: "
            f"{', '.join(sorted(hero.exhausted)) or 'none'})", [str(p["card"])],
            fix=_fix("recover an exhausted Merit", "rest <game> MERIT", "r (Rest)"))]
    if hero.league != hero.base_camp:
        rest = state.leagues[hero.league].get("rest")
        found.append(codes.PLAY_REST_UNCHECKED(
            f"{hero.league}'s Rest ({rest or 'not known'}) decides whether {merit.name} "
            "recovers there: the table checks it", [merit.name, hero.league]))
    hero.exhausted.discard(merit.name)
    hero.encounter = "rest"
    state.log.append(f"{hero.character} rests in {hero.league} and recovers {merit.name}")
    return found


def _end(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    hero, found = _whose_day(state, str(p["player"]), "ends a Day")
    if hero is None:
        return found
    if hero.owed and hero.merits and len(hero.discarded) < len(hero.merits):
        return [codes.PLAY_EXHAUST_OWED(
            f"{hero.character} lost a Test and still owes {hero.owed} Merit(s) (active: "
            f"{', '.join(hero.active_merits()) or 'none: discard an exhausted one'})",
            fix=_fix("exhaust one Merit of your choosing",
                     "exhaust <game> MERIT --lost", "x (exhaust)"))]
    unfaced = [w for w in state.active(hero.league) if w.id not in hero.faced]
    if unfaced and not hero.stuck:
        return [codes.PLAY_WAYLAYS_UNFACED(
            f"{unfaced[0].name} on {hero.league} is not faced today", [unfaced[0].name],
            fix=_fix(f"face {unfaced[0].name} (or retreat first)",
                     f"test <game> \"{unfaced[0].name}\"", "t (face the Waylay)"))]
    state.log.append(f"{possessive(hero.character)} Day {state.day} ends")
    hero.moved = hero.stuck = hero.entered = False
    hero.encounter = None
    hero.faced = set()
    state.turn += 1
    state.day = state.turn // len(state.order) + 1
    nxt = state.heroes[state.current]
    if nxt.skip_next:  # "you skip your next Day and are transported back to your Base Camp"
        nxt.skip_next = False
        nxt.league, nxt.came_from = nxt.base_camp, None
        state.log.append(f"{nxt.character} skips Day {state.day}, back at {nxt.base_camp}")
        state.turn += 1
        state.day = state.turn // len(state.order) + 1
    return found


def _finish(state: PlayState, p: dict[str, Any]) -> list[Violation]:
    completed = {str(k): [str(q) for q in v] for k, v in p["completed"].items()}
    for player in completed:
        if state.hero(player) is None:
            raise ValueError(f"{player!r} has no character in {state.game}")
    state.finished = completed
    state.log.append("the game's result is recorded")
    return []


_RULES = {"move": _move, "waylay": _waylay, "test": _test, "exhaust": _exhaust,
          "discard": _discard, "flaw": _flaw, "treasure": _treasure, "rest": _rest,
          "end": _end, "finish": _finish}


# Replays -------------------------------------------------------------------------------------

def check(data: dict[str, Any], events: list[dict[str, Any]], context: object = None,
          ) -> Report:
    """The record kind's check: the report of the game in play (every violation of the events
    in force, the bad undos), with the state as its summary."""
    try:
        return replay(data, events)[1]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return Report([codes.PLAY_UNREADABLE(f"the game in play's data cannot be read ({exc})")])


def replay(data: dict[str, Any], events: list[dict[str, Any]]) -> tuple[PlayState, Report]:
    """The state after the events in force, and the report (one replay)."""
    state = initial(data)
    keep, bad = in_force(events)
    report = Report(list(bad))
    for index, (event, kept) in enumerate(zip(events, keep, strict=True)):
        if kept and event.get("kind") != "undo":
            report.extend(apply(state, event, index + 1))
    report.summary = state.to_dict()
    return state, report
