"""The texts of the rulings on the showdown, time and presence, and penalties (``floor.showdown``,
``floor.clock``, ``floor.penalties``)."""

from __future__ import annotations

from pokertd.present.floor.texts import O_, P_, Text, outcomes, phrases

_MUST = "SHOW-LAST-AGGRESSOR-MUST-SHOW"
_SEE = "SHOW-RIGHT-TO-SEE"
_MUCK = "SHOW-MUCK-RETRIEVAL"

_SHOWDOWN = (
    # SHOW-LAST-AGGRESSOR-MUST-SHOW, asked to show (may_see)
    O_(
        _MUST,
        "called-aggressor-shows",
        "Player {target} made the last bet or raise of the final round and was called: he must "
        "show his hand, since the others paid to see it. Refusing is penalised.",
    ),
    # SHOW-RIGHT-TO-SEE: TDA 18B, a caller of the river bet; the TD for the others.
    O_(
        _SEE,
        "not-in-hand",
        "A player who is not in the hand may not ask to see a hand: only players who reached the "
        "showdown and kept their cards may, and the TD may still check a hand he suspects.",
    ),
    O_(
        _SEE,
        "released-cards",
        "{asker:cap} may not ask: a player who no longer holds his cards at the showdown, having "
        "released them face down without tabling them, loses any right to see another hand.",
    ),
    O_(
        _SEE,
        "river-caller",
        "{asker:cap} called player {target}'s river bet and kept his cards: he has an inalienable "
        "right to see player {target}'s hand on request, even if he has tabled his own. Mucking "
        "to avoid showing is penalised.",
    ),
    O_(
        _SEE,
        "no-inalienable-right",
        "{asker:cap} has no inalienable right to see player {target}'s hand: only a caller of a "
        "river bet has one, and only for the bettor's hand. The request is at the TD's "
        "discretion.",
    ),
    # SHOW-RIGHT-TO-SEE: LFP 8.7, against collusion only.
    O_(
        _SEE,
        "heads-up",
        "The right to see a hand serves only against collusion and is never used heads-up.",
    ),
    O_(
        _SEE,
        "already-used",
        "{asker:cap} has already used the right to see a hand in this event: the managers usually "
        "grant it once per player per tournament and never repeatedly. They may still decide "
        "otherwise.",
    ),
    O_(
        _SEE,
        "anti-collusion",
        "{asker:cap} may exceptionally demand to see player {target}'s hand, which reached the "
        "showdown unshown; the right serves only against collusion and is usually granted once "
        "per player per tournament. Shown at this request, {live}.",
    ),
    # SHOW-RIGHT-TO-SEE: GM 37°, the winner only.
    O_(
        _SEE,
        "winner-unknown",
        "Only the winner of the pot may ask to see a hand that qualified for the showdown; the "
        "floor first settles who wins.",
    ),
    O_(
        _SEE,
        "not-the-winner",
        "Only the winner of the pot, player {winner}, may ask to see a hand; any player may still "
        "ask the floor to check cards.",
    ),
    O_(
        _SEE,
        "winner-asks",
        "The winner may ask to see player {target}'s hand, even if it has touched the muck; the "
        "hand is then live, and the best hand wins.",
    ),
    # SHOW-RIGHT-TO-SEE: GEN 1.25, with the owner's consent.
    O_(
        _SEE,
        "owner-agrees",
        "Nobody may see a rejected hand unless its owner agrees; player {target} agrees, so the "
        "dealer alone turns it over. A rejected hand can never win the pot.",
    ),
    O_(
        _SEE,
        "owner-refuses",
        "Nobody may see a rejected hand unless its owner agrees; player {target} has not agreed. "
        "A rejected hand can never win the pot.",
    ),
    # SHOW-RIGHT-TO-SEE: BAN, nobody but the called last aggressor.
    O_(
        _SEE,
        "no-right",
        "Nobody may ask to see player {target}'s hand: he is not the called last raiser, and a "
        "player beaten by a hand already shown may muck without showing.",
    ),
    # SHOW-LAST-AGGRESSOR-MUST-SHOW, unasked (must_show)
    O_(
        _MUST,
        "called-aggressor-must-show",
        "Player {player} made the last bet or raise of the final round and was called: he must "
        "show his hand, since the others paid to see it; refusing is penalised.",
    ),
    O_(
        _MUST,
        "need-not-show",
        "Player {player} need not show: only the called last bettor or raiser of the final round "
        "must. A player beaten by a hand already shown may muck without showing.",
    ),
    O_(
        _MUST,
        "callers-may-ask",
        "Player {player} need not show unasked, but the callers of his river bet who kept their "
        "cards ({names}) may make him show it: an inalienable right. Mucking to avoid it is "
        "penalised.",
    ),
    O_(
        _MUST,
        "shows-first-if-claiming",
        "Player {player} need not show. He shows first if he claims the pot, but a player who "
        "gives up may muck unshown, unless he is all-in; other players may ask to see his hand "
        "only as the right to see allows.",
    ),
    O_(
        _MUST,
        "need-not-show-unless-all-in",
        "Player {player} need not show. But a player who gives up may muck unshown, unless he is "
        "all-in; other players may ask to see his hand only as the right to see allows.",
    ),
    # SHOW-ORDER
    O_(
        "SHOW-ORDER",
        "last-aggressor-first",
        "Player {player}, the last bettor or raiser of the final round, shows first; then, "
        "clockwise, those who claim to beat him.",
    ),
    O_(
        "SHOW-ORDER",
        "first-to-act-first",
        "With no bet on the final round, the player who would have acted first on it shows first "
        "(in flop games the first player left of the button still in the hand); then the others "
        "clockwise.",
    ),
    O_(
        "SHOW-ORDER",
        "left-of-button-first",
        "With no bet on the river, the first player to the left of the button shows first, then "
        "the others clockwise.",
    ),
    # SHOW-MUCK-RETRIEVAL (after the lead "cards-speak", except GEN)
    O_(
        _MUCK,
        "discernible-hand-retrieved",
        "A hand thrown face down at showdown is not a fold: its owner may retrieve it if it is "
        "judged clearly discernible, under the TD's control.",
    ),
    O_(
        _MUCK,
        "indiscernible-hand-dead",
        "A hand that cannot be clearly discerned is dead, even after an opponent's wrong "
        "declaration.",
    ),
    O_(
        _MUCK,
        "thrown-hand-dead",
        "But cards thrown are a dead hand: players who mucked believing they were beaten by an "
        "over-announced hand lose the pot definitively.",
    ),
    O_(
        _MUCK,
        "unmixed-hand-retrieved",
        "Cards not yet mixed with the discards may be retrieved by the TD's team if they are "
        "clearly identifiable.",
    ),
    O_(
        _MUCK,
        "mixed-hand-dead",
        "A hand whose cards touched the discards, or cannot be identified, is dead; only the "
        "pot's winner may still ask to see it, and it is then live.",
    ),
    O_(
        _MUCK,
        "rejected-hand-never-wins",
        "A rejected hand can never win the pot; only the dealer may turn it over, and only with "
        "its owner's consent.",
    ),
    O_(
        _MUCK,
        "identifiable-hand-live",
        "Cards pushed face down are not dead by themselves: the player may still table them while "
        "they are 100 % identifiable, as the TD judges.",
    ),
    O_(
        _MUCK,
        "mucked-hand-dead",
        "Cards mucked by the dealer, or no longer 100 % identifiable, are dead, and the player "
        "loses any claim to the pot.",
    ),
    # SHOW-CARDS-SPEAK
    O_(
        "SHOW-CARDS-SPEAK",
        "cards-decide",
        "Cards speak: the winner is decided by the cards tabled, not by what was said, and "
        "everyone at the table should speak up if a hand is misread.",
    ),
)

_SHOWDOWN_PHRASES = (
    # a note of every ruling on a value the profile's book does not set (field_ruling)
    P_("inherited", "{book} sets no value here; pokertd applies {profile}."),
    # the showdown
    P_("table-player", "a player at the table"),
    P_("the-player", "player {player}"),
    P_("player-name", "player {player}"),
    P_("nobody-left", "nobody left"),
    P_("can-still-win", "it can still win"),
    P_("is-dead", "it is dead"),
    P_(
        "order-if-not-tabled", "The order applies only when the hands are not tabled spontaneously."
    ),
    P_("cards-speak", "Cards speak: a wrong announcement does not decide the pot."),
    P_("gen-text-missing-tda-12", "GEN's text is missing here; pokertd applies TDA 12."),
    P_("miscall-must-be-penalised", "A deliberate or repeated miscall must be penalised."),
    P_(
        "miscall-may-be-penalised",
        "A deliberate or repeated miscall may be penalised, as the TD decides.",
    ),
)

_CLOCK = (
    # CLK-REQUEST
    O_(
        "CLK-REQUEST",
        "dealer-may-not",
        "The request does not stand: {who}. The dealer may call the floor, who judges whether the "
        "player is taking too long.",
    ),
    O_("CLK-REQUEST", "caller-may-not", "The request does not stand: {who}. {caller:cap} may not."),
    O_(
        "CLK-REQUEST",
        "too-early",
        "Too early: the clock may be called only after a reasonable time, never less than "
        "{minimum} seconds, and the player has had {waited:g}.",
    ),
    O_(
        "CLK-REQUEST",
        "clock-stands",
        "The request stands {wait}: {who}. The player then has {total} seconds.",
    ),
    O_(
        "CLK-REQUEST",
        "clock-stands-countdown",
        "The request stands {wait}: {who}. The player then has {total} seconds in all, the last "
        "{countdown} counted down aloud.",
    ),
    # CLK-DURATION
    O_(
        "CLK-DURATION",
        "countdown",
        "Once the clock is called the player has {total} seconds in all: {seconds} seconds, then "
        "the last {countdown} are counted down aloud.",
    ),
    O_(
        "CLK-DURATION",
        "seconds-to-act",
        "Once the clock is called the player has {seconds} seconds to act.",
    ),
    # CLK-EXPIRY
    O_(
        "CLK-EXPIRY",
        "checked",
        "Time has run out and player {player} faces no bet: his hand is checked. Had he acted at "
        "the same moment the time ran out, the benefit would have gone to him.",
    ),
    O_(
        "CLK-EXPIRY",
        "dead-facing-bet",
        "Time has run out and player {player} faces a bet: his hand is dead. Had he acted at the "
        "same moment the time ran out, the benefit would have gone to him.",
    ),
    O_(
        "CLK-EXPIRY",
        "stands-pat",
        "Time has run out during the draw: player {player} stands pat and keeps his cards. A "
        "draw changes no bet: he is treated as a player who faces no bet.",
    ),
    O_(
        "CLK-EXPIRY",
        "bring-in-posted",
        "Time has run out and player {player} owes the bring-in: it is posted for him, as it is "
        "for an absent player; he has let the completion go.",
    ),
    O_(
        "CLK-EXPIRY",
        "dead",
        "Time has run out: the hand of player {player} is dead, whether he faces a bet or not.",
    ),
    # ABS-AT-SEAT
    O_(
        "ABS-AT-SEAT",
        "was-seated",
        "A player must be at his seat {when}. He was: his hand is live.",
    ),
    O_(
        "ABS-AT-SEAT",
        "was-not-seated",
        "A player must be at his seat {when}. He was not: he is dealt in, but his hand is killed "
        "at the end of the deal, before any action, and nobody sees it; his blinds and antes are "
        "posted.",
    ),
    # ABS-ACT-SEATED
    O_(
        "ABS-ACT-SEATED",
        "standing-void",
        "A player may act only while seated: an action declared standing is not taken into "
        "account. He sits down and acts again; abuse may be penalised.",
    ),
    O_(
        "ABS-ACT-SEATED",
        "standing-absent",
        "A player stays seated until the end of any hand he is in: one who stands and walks away "
        "during the hand is declared absent, and an absent player's hand is dead. An all-in "
        "player may stand but must stay near the table.",
    ),
    O_(
        "ABS-ACT-SEATED",
        "standing-counts",
        "A player with a live hand, an all-in player included while betting is still possible, "
        "must stay at the table until the showdown ends. His action stands and his hand stays "
        "live, but leaving the table may be penalised.",
    ),
    # PEN-DEVICE
    O_(
        "PEN-DEVICE",
        "device-one-hand",
        "A player who uses his phone while action is pending sits out the next deal: a one-hand "
        "penalty. Devices that can communicate are banned, and in the money every device must be "
        "put away, on pain of a penalty up to disqualification.",
    ),
    O_(
        "PEN-DEVICE",
        "device-house-rules",
        "Decision-aid apps are banned while a player holds a live hand, and nobody talks on the "
        "phone at the table; anything else, and the penalty, is left to the house rules and the "
        "TD.",
    ),
    O_(
        "PEN-DEVICE",
        "device-hand-dead",
        "The hand of a player who answered a phone or communicated through any device is dead, "
        "unless the organiser has published tolerances.",
    ),
    O_(
        "PEN-DEVICE",
        "device-not-seen",
        "A player holding cards may not handle a device, but the dealer takes the cards only if "
        "he saw it himself: the hand stays live.",
    ),
    O_(
        "PEN-DEVICE",
        "device-cards-dead",
        "A player holding cards may not handle a device: his cards are dead and the dealer takes "
        "them.",
    ),
)

_CLOCK_PHRASES = (
    P_(
        "clock-callers-any-player-td-approves",
        "any player in the tournament may ask for the clock, from his seat, and the TD or a floor "
        "approves it",
    ),
    P_(
        "clock-callers-seated-player-or-manager",
        "any player seated at the table, in the hand or not, or a manager may call the clock, "
        "never the dealer",
    ),
    P_(
        "clock-callers-dealer-or-player-dealer-approves",
        "the dealer or a player at the table may ask for time, and the dealer accepts or refuses",
    ),
    P_(
        "clock-callers-player-after-two-minutes",
        "a player at the table may ask for time, and the floor grants it",
    ),
    P_("caller-player-in-hand", "a player in the hand"),
    P_("caller-seated-player", "a player seated at the table, not in the hand"),
    P_("caller-player-elsewhere", "a player from another table"),
    P_("caller-dealer", "the dealer"),
    P_("caller-manager", "a manager (the TD or a floor)"),
    P_("after-minimum-wait", "once the player has had at least {minimum} seconds"),
    P_("after-reasonable-time", "once the player has had a reasonable time"),
    P_(
        "td-may-shorten",
        "The TD may shorten it for a player who deliberately stalls, and penalise him.",
    ),
    P_(
        "dead-from-declaration",
        "It is dead if he has not acted at the precise moment the manager begins to declare it "
        'dead, not at "zero".',
    ),
    P_("time-ran-out", "player {player}: time ran out"),
    P_("seated-start-of-deal", "when the cards are dealt (standing next to or touching his chair)"),
    P_("seated-own-second-card", "when his own second card is dealt"),
    P_("seated-last-card-of-deal", "when the last card of the initial deal is dealt"),
    P_("killed-unseen", "at the end of the deal, unseen; blinds and antes posted"),
    P_("declared-absent", "the player is declared absent"),
    P_("device-used", "device used with a live hand"),
    P_(
        "device-third-offence",
        "After an offence and two repeats in the event he is also dealt no cards for as many "
        "hands as there are players at the table: {hands}.",
    ),
)

_PENALTIES = (
    # PEN-LADDER
    O_(
        "PEN-LADDER",
        "no-sanction-yet",
        "No sanction for a {nth:ordinal} fault: a warning can be given only after at least two or "
        "three faults. Then come temporary exclusion (1 to 4 rounds) and disqualification.",
    ),
    O_(
        "PEN-LADDER",
        "warning-one-hand",
        "For a {nth:ordinal} fault the ladder starts with a warning together with a one-hand "
        "suspension; a serious fault may go straight to suspension or disqualification.",
    ),
    O_(
        "PEN-LADDER",
        "warning",
        "For a {nth:ordinal} fault: a warning. Repeated faults bring a suspension of one or more "
        "rounds, then disqualification; the TD may go further for a serious fault.",
    ),
    O_(
        "PEN-LADDER",
        "warning-first-possible",
        "For a {nth:ordinal} fault: a warning (the first possible one). Repeated faults bring a "
        "suspension of one or more rounds, then disqualification; the TD may go further for a "
        "serious fault.",
    ),
    O_(
        "PEN-LADDER",
        "suspension",
        "For a {nth:ordinal} fault: a suspension of {span}, the TD setting the length.",
    ),
    O_(
        "PEN-LADDER",
        "suspension-by-board",
        "For a {nth:ordinal} fault: a suspension of {span}, the club's board setting the length.",
    ),
    O_(
        "PEN-LADDER",
        "disqualification",
        "For a {nth:ordinal} fault the ladder reaches disqualification: the player's chips are "
        "removed. The TD judges whether the faults are deliberate and may choose a lesser "
        "penalty.",
    ),
    O_(
        "PEN-LADDER",
        "collusion-dq",
        "Collusion, chip dumping included, brings the immediate disqualification of every player "
        "involved, whatever came before; their chips are removed.",
    ),
    O_(
        "PEN-LADDER",
        "soft-play-dq",
        "Soft play is punished by the removal of chips or by disqualification, whatever came "
        "before; the TD chooses.",
    ),
    # PEN-MISSED-HANDS
    O_(
        "PEN-MISSED-HANDS",
        "hands-not-multiplied",
        "A penalty of {hands} lasts {hands}, however many players are at the table: only "
        "penalties in rounds are multiplied.",
    ),
    O_(
        "PEN-MISSED-HANDS",
        "rounds-times-players",
        "A suspension of {length} at a table of {players} players, the offender included, lasts "
        "{players} × {rounds} = {total} hands.",
    ),
    # PEN-SERVING
    O_(
        "PEN-SERVING",
        "served-away",
        "A suspended player {away}. He is still dealt in and his blinds and antes are posted, so "
        "he can be blinded out; his hand is killed at the end of the deal and nobody sees it. A "
        "misdeal and its redeal count as one hand of the penalty, not two.",
    ),
    # PEN-TIMING
    O_(
        "PEN-TIMING",
        "shown-hand-dead",
        "Showing one's cards while the hand is being played makes the hand dead: the dealer "
        "takes it. A further penalty is up to the TD.",
    ),
    O_(
        "PEN-TIMING",
        "penalty-next-hand",
        "The hand stays live and is played out. A penalty may be given (it is optional for "
        "exposed cards); it is applied from the start of the next hand.",
    ),
    O_(
        "PEN-TIMING",
        "penalty-after-hand",
        "Revealing one's hand while players may still bet is forbidden, but the hand stays live; "
        "the penalty is given after the hand.",
    ),
    # PEN-DQ
    O_(
        "PEN-DQ",
        "chips-removed",
        "A disqualified player's chips are removed from the tournament; he takes no further part.",
    ),
)

_PENALTY_PHRASES = (
    P_("must-be-penalised", "This offence must be penalised: the TD may not let it pass."),
    P_("span-tda", "one or more hands or rounds"),
    P_("span-gm", "one hand to four rounds"),
    P_("span-rounds", "1 to 4 rounds"),
    P_("rounds-here", "{rounds} here: {hands} hands."),
    P_("rounds-one", "{n} round"),
    P_("rounds-many", "{n} rounds"),
    P_("hands-one", "{n} hand"),
    P_("hands-many", "{n} hands"),
    P_("formula-of-tda", "{book} states rounds without a formula; pokertd applies TDA 71A's."),
    P_("away-tda", "must stay away from the table"),
    P_("away-lfp", "must move away from the table"),
    P_("away-gm", "must leave the tournament area and needs the TD's permission to come back"),
    P_("cards-shown", "cards shown during the hand"),
    P_(
        "gm-final-heads-up",
        "GM 31° makes an exception in the final heads-up (or when the whole prize goes to one "
        "player) without saying whether the penalty is dropped or given at once: the TD decides.",
    ),
    P_("suspended-next-event", "He is unregistered and suspended for the club's next tournament."),
)

OUTCOMES: dict[tuple[str, str], Text] = outcomes(*_SHOWDOWN, *_CLOCK, *_PENALTIES)
PHRASES: dict[str, Text] = phrases(*_SHOWDOWN_PHRASES, *_CLOCK_PHRASES, *_PENALTY_PHRASES)
