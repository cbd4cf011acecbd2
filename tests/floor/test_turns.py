"""Acting out of turn (BET-OOT): declarations, the skipped player, the declarer's turn, every
branch, and the property that the engine accepts every action a ruling gives."""

from __future__ import annotations

import pytest
from floor_tools import BIG, accepts, flop_bet, house, table, texts, to_flop
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pokertd import Hand, rules
from pokertd.engine import ActionKind
from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.rulings import Decision
from pokertd.floor.turns import (
    Declaration,
    declare,
    out_of_turn,
    resolve_turn,
    skipped_player_acts,
)
from pokertd.present.floor import explanation
from pokertd.rules import Profile

FOLD, CHECK, CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
BET, RAISE, ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN


# -- declarations ----------------------------------------------------------------------------------


def test_declaration_text_and_json() -> None:
    hand = flop_bet()
    declaration = declare(hand, 5, "raise 800")
    assert str(declaration) == "player 6: raise 800"
    assert declaration.to_dict() == {
        "player": 5,
        "action": "raise 800",
        "skipped": [4],
        "facing": 300,
    }


def test_declare_normalises() -> None:
    """A call with nothing to call is a check; all-in is a raise or a call; a raise when nobody
    has bet is a bet; the players passed over skip folded ones."""
    hand = to_flop(table())
    assert declare(hand, 3, "call").action == Decision(CHECK)
    assert declare(hand, 3, "raise 300").action == Decision(BET, 300)
    assert declare(hand, 3, "all-in").action == Decision(BET, BIG - 100)
    assert declare(hand, 3, ActionKind.FOLD).skipped == (0, 1, 2)
    short = table(stacks=[BIG, BIG, BIG, 60, BIG, BIG])
    assert declare(short, 3, "all-in").action == Decision(CALL)
    flop = flop_bet()
    assert declare(flop, 1, "fold").skipped == (4, 5, 0)


@pytest.mark.parametrize(
    ("actor", "action", "rule"),
    [
        (4, "call", "BET-OOT"),  # he is to act
        (3, "call", "BET-OOT"),  # folded
        (5, f"raise {BIG + 1}", "ENGINE-STACK"),
        (5, "raise 300", "BET-MINRAISE"),
        (5, "raise 500", "BET-MINRAISE"),
    ],
)
def test_declare_refuses(actor: int, action: str, rule: str) -> None:
    with pytest.raises(IllegalActionError) as raised:
        declare(flop_bet(), actor, action)
    assert raised.value.rule == rule


def test_declare_refuses_twice_all_in_and_outsiders() -> None:
    hand = flop_bet()
    first = declare(hand, 5, "call")
    with pytest.raises(IllegalActionError):
        declare(hand, 5, "fold", pending=(first,))
    with pytest.raises(ParseError):
        declare(hand, 9, "fold")
    with pytest.raises(ParseError):
        declare(hand, 0, Decision(RAISE))
    all_in = table(stacks=[BIG, BIG, 100, BIG, BIG, BIG], players=6)
    all_in.act(2, "all-in")
    with pytest.raises(IllegalActionError):
        declare(all_in, 2, "fold")
    over = table(players=2)
    over.act(over.to_act or 0, "fold")
    with pytest.raises(IllegalActionError):
        declare(over, 0, "fold")


def test_declare_minimum_over_earlier_declarations() -> None:
    """BET-MINRAISE over out-of-turn raises: TDA's largest increment, LFP's double, limit's bet."""
    hand = flop_bet()
    first = declare(hand, 5, "raise 800")  # +500 over 300
    with pytest.raises(IllegalActionError):
        declare(hand, 0, "raise 1200", pending=(first,))
    assert declare(hand, 0, "raise 1300", pending=(first,)).facing == 800
    lfp = flop_bet("lfp")
    first = declare(lfp, 5, "raise 600")
    with pytest.raises(IllegalActionError):
        declare(lfp, 0, "raise 1100", pending=(first,))
    assert declare(lfp, 0, "raise 1200", pending=(first,)).action.to == 1200
    limit = to_flop(table(game="flhe"))
    limit.act(0, "bet", to=100)
    first = declare(limit, 2, "raise 200")
    assert declare(limit, 3, "raise 300", pending=(first,)).facing == 200
    small = flop_bet()
    first = declare(small, 5, "raise 700")  # +400, below the 300 increment? no: a full raise
    second = declare(small, 0, "raise 1100", pending=(first,))
    assert second.facing == 700


# -- out_of_turn before substantial action ---------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "articles"),
    [
        ("tda-2017", ("TDA 44A",)),
        ("lfp", ("LFP 7.20",)),
        ("gran-madrid", ("GM 30°",)),
        ("bannalec", ("BAN/ANNONCES",)),
        ("generic", ("TDA 44A",)),
    ],
)
def test_oot_raise_articles(profile: str, articles: tuple[str, ...]) -> None:
    """BET-OOT before substantial action: each book's article (GEN 1.12 is text missing)."""
    ruling = out_of_turn(flop_bet(profile), 5, "raise 800")
    assert ruling.articles == articles
    assert ruling.rule == "BET-OOT"
    assert ruling.td_decides is False
    assert texts(ruling)[:2] == ["fold", "call"]
    assert "player 6 (a raise to 800)" in explanation(ruling, "en")


def test_oot_names_what_the_skipped_player_can_do() -> None:
    """BET-OOT: facing a bet he calls, folds or raises; facing none he checks or bets."""
    facing = out_of_turn(flop_bet(), 5, "raise 800")
    assert "If he calls or folds, the action has not changed" in explanation(facing, "en")
    assert "If he raises, the action has changed" in explanation(facing, "en")
    assert "S'il suit ou passe, la situation n'a pas changé" in explanation(facing, "fr")
    assert "S'il relance, la situation a changé" in explanation(facing, "fr")
    assert "check" not in explanation(facing, "en") + explanation(facing, "fr")
    unopened = out_of_turn(to_flop(table()), 3, "bet 300")
    assert "If he checks, the action has not changed" in explanation(unopened, "en")
    assert "If he bets, the action has changed" in explanation(unopened, "en")
    assert "S'il checke, la situation n'a pas changé" in explanation(unopened, "fr")
    assert "S'il mise, la situation a changé" in explanation(unopened, "fr")


def test_oot_fold_articles_and_penalty_for_folding_to_a_check() -> None:
    """An OOT fold always stands (TDA 44A, 58); folding when a check was possible is penalised
    (LFP 7.20)."""
    facing = out_of_turn(flop_bet(), 5, "fold")
    assert facing.articles == ("TDA 44A", "TDA 58")
    assert "stands whatever he does" in explanation(facing, "en")
    open_round = to_flop(table("lfp"))
    ruling = out_of_turn(open_round, 3, "fold")
    assert ruling.articles == ("LFP 7.20",)
    assert "Folding when a check was possible" in explanation(ruling, "en")
    assert "checker" in explanation(ruling, "fr")


def test_oot_two_declarations_not_substantial() -> None:
    """Two out-of-turn actions that are not substantial action name the definition."""
    hand = flop_bet("lfp")
    first = declare(hand, 5, "call")
    ruling = out_of_turn(hand, 0, "fold", pending=(first,))
    assert ruling.articles == ("LFP 7.20", "LFP 2.14")
    assert "not substantial action" in explanation(ruling, "en")
    assert "fold hors de tour du joueur 1" in explanation(ruling, "fr")


# -- out_of_turn after substantial action ----------------------------------------------------------


def preflop_sa(profile: str | Profile) -> tuple[Hand, tuple[Declaration, ...]]:
    """Pre-flop: player 2 raises to 300, player 4 calls and player 5 raises out of turn."""
    hand = table(profile)
    hand.act(2, "raise", to=300)
    first = declare(hand, 4, "call")
    return hand, (first, declare(hand, 5, "raise 900", pending=(first,)))


def test_oot_after_sa_lfp_fold_or_call() -> None:
    """LFP 7.21: the skipped player may only fold or call."""
    hand, pending = preflop_sa("lfp")
    ruling = resolve_turn(hand, pending)
    assert texts(ruling) == ["fold", "call"]
    assert ruling.details["restricted"] is True
    assert ruling.articles == ("LFP 7.21", "LFP 2.14")
    assert "seulement passer ou suivre" in explanation(ruling, "fr")


def test_oot_after_sa_tda_decides() -> None:
    hand, pending = preflop_sa("tda-2017")
    ruling = resolve_turn(hand, pending)
    assert ruling.td_decides is True
    assert "dead" in explanation(ruling, "en")


def test_skipped_player_may_not_raise_after_sa_under_lfp() -> None:
    hand, pending = preflop_sa("lfp")
    with pytest.raises(IllegalActionError) as raised:
        skipped_player_acts(hand, pending, "raise 1200")
    assert raised.value.rule == "BET-OOT"
    ruling = skipped_player_acts(hand, pending, "call")
    assert [row["stands"] for row in ruling.details["declarations"]] == [True, True]


def test_skipped_player_may_raise_under_tda_as_the_td_decides() -> None:
    hand, pending = preflop_sa("tda-2017")
    ruling = skipped_player_acts(hand, pending, "raise 600")
    assert ruling.td_decides is True
    assert ruling.decision == Decision(RAISE, 600)
    assert "are void" in explanation(ruling, "en")


def test_lfp_restriction_lasts_until_a_later_raise() -> None:
    """LFP 7.21: having called, the skipped player may still only call the raise declared before
    his decision; a bet or raise after it frees him."""
    hand, pending = preflop_sa("lfp")
    hand.act(3, "call")
    hand.act(4, "call")  # the OOT call binds
    decision = resolve_turn(hand, pending).decision
    assert decision == Decision(RAISE, 900)
    hand.act(5, RAISE, 900)
    for player in (0, 1, 2):
        hand.act(player, "call")
    restricted = resolve_turn(hand, pending)
    assert restricted.details["restricted_up_to"] == 900
    assert texts(restricted) == ["fold", "call"]
    assert restricted.td_decides is False

    freed, pending = preflop_sa("lfp")
    freed.act(3, "call")
    freed.act(4, "call")
    freed.act(5, RAISE, 900)
    freed.act(0, "raise", to=2000)
    freed.act(1, "fold")
    freed.act(2, "fold")
    assert len(resolve_turn(freed, pending).choices) == 3


def test_tda_restriction_is_the_tds() -> None:
    hand, pending = preflop_sa("tda-2017")
    hand.act(3, "call")
    hand.act(4, "call")
    hand.act(5, RAISE, 900)
    for player in (0, 1, 2):
        hand.act(player, "call")
    ruling = resolve_turn(hand, pending)
    assert ruling.td_decides is True
    assert "The TD decides how far" in explanation(ruling, "en")


def test_skipped_player_who_folds_is_not_restricted_later() -> None:
    hand, pending = preflop_sa("lfp")
    hand.act(3, "fold")
    assert resolve_turn(hand, pending).decision == Decision(CALL)


# -- skipped_player_acts ---------------------------------------------------------------------------


def test_skipped_player_calls_then_declarations_bind() -> None:
    hand = flop_bet()
    first = declare(hand, 5, "raise 800")
    second = declare(hand, 0, "fold", pending=(first,))
    ruling = skipped_player_acts(hand, (first, second), "call")
    assert ruling.decision == Decision(CALL)
    assert "has not changed" in explanation(ruling, "en")
    assert "est définitif" in explanation(ruling, "fr")
    assert ruling.details["substantial_action"] is True  # raise + fold: two actions, TDA 36


def test_skipped_player_raises_voids_the_declarations() -> None:
    """GM 30°: no substantial-action exception, so the skipped player may raise, which voids the
    out-of-turn raise and call."""
    hand = flop_bet("gran-madrid")
    first = declare(hand, 5, "raise 800")
    second = declare(hand, 0, "call", pending=(first,))
    ruling = skipped_player_acts(hand, (first, second), "all-in")
    assert ruling.decision == Decision(RAISE, BIG - 100)
    assert [row["stands"] for row in ruling.details["declarations"]] == [False, False]
    assert "sont annulées" in explanation(ruling, "fr")


def test_skipped_player_without_declarations() -> None:
    ruling = skipped_player_acts(flop_bet(), (), "fold")
    assert "No declaration" in explanation(ruling, "en")


@pytest.mark.parametrize("action", ["check", "raise 350", "raise 50000000"])
def test_skipped_player_acts_refuses_what_the_engine_would(action: str) -> None:
    with pytest.raises(IllegalActionError):
        skipped_player_acts(flop_bet(), (), action)


def test_skipped_player_call_with_nothing_to_call_is_a_check() -> None:
    hand = to_flop(table())
    assert skipped_player_acts(hand, (), "call").decision == Decision(CHECK)


# -- resolve_turn ----------------------------------------------------------------------------------


def test_resolve_declarer_fold_and_changed_action() -> None:
    hand = flop_bet()
    fold = declare(hand, 5, "fold")
    hand.act(4, "raise", to=900)
    ruling = resolve_turn(hand, (fold,))
    assert ruling.decision == Decision(FOLD)
    assert ruling.articles == ("TDA 44A", "TDA 58")


def test_resolve_changed_action_gives_all_options() -> None:
    hand = flop_bet()
    pending = (declare(hand, 5, "call"),)
    hand.act(4, "raise", to=900)
    ruling = resolve_turn(hand, pending)
    assert ruling.details["stands"] is False
    assert texts(ruling) == ["fold", "call", "raise 1500"]
    assert "900" in explanation(ruling, "fr")


def test_resolve_check_facing_a_bet_allows_call_or_fold() -> None:
    """BET-INCORRECT-DECLARATION (TDA 55): a check declared facing a bet lets him call or fold."""
    hand = flop_bet()
    pending = (declare(hand, 5, "check"),)
    hand.act(4, "call")
    ruling = resolve_turn(hand, pending)
    assert texts(ruling) == ["fold", "call"]
    assert "TDA 55" in ruling.articles


def test_resolve_raise_nobody_can_call_becomes_a_call() -> None:
    """A declared raise that nobody left could call is a call; an all-in raise in between is a
    change."""
    hand = table(stacks=[BIG, BIG, 1000, 300, BIG], players=5)
    hand.act(2, "call")
    pending = (declare(hand, 4, "raise 500"),)
    hand.act(3, "all-in")
    assert resolve_turn(hand, pending).details["stands"] is False
    narrow = table(stacks=[BIG, 100, 300], players=3)
    pending = (declare(narrow, 0, "raise 400"),)
    narrow.act(2, "fold")
    bound = resolve_turn(narrow, pending)
    assert bound.decision == Decision(CALL)
    assert "Nobody left" in explanation(bound, "en")


def test_resolve_free_player() -> None:
    hand = flop_bet()
    ruling = resolve_turn(hand, ())
    assert "acts freely" in explanation(ruling, "en")
    assert texts(ruling)[0] == "fold"
    later = flop_bet()
    pending = (declare(later, 5, "call"),)
    later.act(4, "call")
    later.act(5, "call")
    assert "acts freely" in explanation(resolve_turn(later, pending), "en")  # settled


def test_resolve_declarations_of_an_earlier_street_are_settled() -> None:
    hand = table()
    pending = (declare(hand, 4, "call"),)
    to_flop(hand)
    assert "acts freely" in explanation(resolve_turn(hand, pending), "en")


def test_resolve_needs_someone_to_bet() -> None:
    hand = table(players=2)
    hand.act(hand.to_act or 0, "fold")
    with pytest.raises(IllegalActionError):
        resolve_turn(hand, ())


def test_oot_takes_a_decision_value() -> None:
    ruling = out_of_turn(flop_bet(), 5, Decision(RAISE, 800))
    assert ruling.details["declarations"][0]["action"] == "raise 800"


def test_house_profile_cites_tda() -> None:
    assert out_of_turn(flop_bet(house()), 5, "call").articles == ("TDA 44A",)


# -- the engine accepts every action a ruling gives (property) -------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    profile=st.sampled_from(rules.PROFILE_IDS),
    players=st.integers(3, 7),
    warmup=st.lists(st.integers(0, 3), max_size=6),
    declarers=st.lists(st.tuples(st.integers(1, 6), st.integers(0, 4)), min_size=1, max_size=3),
    picks=st.lists(st.integers(0, 5), min_size=12, max_size=12),
)
def test_oot_decisions_are_accepted_by_the_engine(
    profile: str,
    players: int,
    warmup: list[int],
    declarers: list[tuple[int, int]],
    picks: list[int],
) -> None:
    """Out-of-turn declarations, then the skipped player and every later player follow the
    rulings: each decision or choice is accepted by ``hand.act``, until the round ends."""
    hand = Hand.create(
        game="nlhe",
        profile=rules.load(profile),
        stacks=[5000 + 700 * p for p in range(players)],
        blinds=(50, 100),
        seed=3,
    )
    for step in warmup:  # a few legal actions first, any street
        legal = hand.legal()
        if legal is None or hand.is_finished:
            return
        kinds = ["fold", "call" if legal.call else "check", "raise"]
        kind = kinds[step % (3 if legal.can_raise else 2)] if step else kinds[1]
        hand.act(legal.player, kind, legal.min_raise_to if kind == "raise" else None)
    if hand.legal() is None:
        return
    pending: list[Declaration] = []
    for offset, choice in declarers:
        legal = hand.legal()
        assert legal is not None
        actor = (legal.player + offset) % players
        options = ["fold", "call", "check", "all-in", "raise"]
        action = options[choice]
        if action == "raise":
            top = max([hand.current_bet, *[d.action.to or 0 for d in pending]])
            action = f"raise {top * 3 + 100}"
        try:
            pending.append(declare(hand, actor, action, pending=pending))
            out_of_turn(hand, actor, action, pending=pending[:-1])
        except IllegalActionError:
            continue
    event(f"{len(pending)} declaration(s)")
    street = hand.street
    for pick in picks:
        if hand.is_finished or hand.street != street or hand.legal() is None:
            break
        accepts(hand, resolve_turn(hand, pending), pick)
