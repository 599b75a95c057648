"""One kyoku of 17 Steps as a state machine: actions in, events out.

A kyoku (局) is one deal to its settlement; on screen and in records it is a "hand", as
players say it ("Hand 3 of 8"). In the code, "hand" is only ever a seat's 13 tiles, and
the 局 is a kyoku, as mjai and Tenhou logs call it ("round" would read as the wind round,
場, to riichi players, and `round` shadows the builtin).

Phases: dora choice -> build -> discards (with ron decisions) -> end. The kyoku is the
referee: `apply` checks every action against the rules and raises `IllegalAction`
naming the rule it breaks, leaving the state untouched. `view_for(seat)` is all a
seat may see; it never holds another seat's hand before the kyoku ends, nor another seat's
ron question (`seen_phase`).

Seats are numbered by their place at the table (seat 0 sits at wall 0); turn order runs
from the dealer (East) through the following seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.engine import analysis
from game.engine.actions import Action, BuildHand, ChooseDora, Discard, Pass, Ron
from game.engine.events import (
    Discarded,
    DoraFlipped,
    Event,
    ExhaustiveDraw,
    FuritenStarted,
    HandBuilt,
    KyokuStarted,
    RiichiDeclared,
    RonOffered,
    RonPassed,
    WinningTileMissed,
    Won,
    visible_to,
)
from game.engine.rules import Rules
from game.engine.scoring import RonAssessment, WinContext, assess_ron
from game.engine.shape import waits
from game.engine.tenpai import HAND_SIZE
from game.engine.tiles import (
    EAST,
    WIND_NAMES,
    counts34,
    format_tiles,
    kind_of,
    parse_tiles,
    pick_ids,
    tile_code,
)
from game.engine.wall import STACKS_PER_WALL, TILES_PER_WALL, Deal, side_walls

DISCARDS_PER_SEAT = 17
POOL_SIZE = TILES_PER_WALL - HAND_SIZE
"""A seat's pool: its wall less the hand it builds (21 tiles, of which it discards 17)."""
SEAT_WIND_ORDER = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


class Phase(StrEnum):
    DORA = "dora"
    BUILD = "build"
    DISCARD = "discard"
    RON = "ron"
    END = "end"


class FuritenSpan(StrEnum):
    """How long letting a winning tile go by keeps a seat furiten."""

    REST_OF_HAND = "rest_of_hand"
    UNTIL_OWN_DISCARD = "until_own_discard"


class IllegalAction(ValueError):
    """An action the rules do not allow. `rule` names the rule, for callers and tests."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Win:
    seat: int
    discarder: int
    tile: int
    hand: tuple[int, ...]
    assessment: RonAssessment
    ura_indicator: int | None


@dataclass(frozen=True)
class KyokuResult:
    """How the kyoku ended: one or more wins (ron on one discard), or an exhaustive draw."""

    wins: tuple[Win, ...]
    hands: tuple[tuple[int, ...], ...]

    @property
    def drawn(self) -> bool:
        return not self.wins


@dataclass(frozen=True)
class SeatView:
    """What one seat may see. Other seats' hands appear only in `result` at the end; another
    seat's ron question not at all (`Kyoku.seen_phase`)."""

    seat: int
    phase: Phase
    rules: Rules
    dealer: int
    seat_winds: tuple[str, ...]
    turn: int | None
    dora_indicator: int | None
    wall: tuple[int, ...] | None
    hand: tuple[int, ...] | None
    pool: tuple[int, ...]
    waits: tuple[int, ...]
    furiten: bool
    furiten_span: FuritenSpan | None
    """How long the seat is furiten (None when it is not): for the rest of the hand, or until
    its own next discard (a winning tile let pass before its riichi)."""
    built: tuple[bool, ...]
    riichi: tuple[bool, ...]
    rivers: tuple[tuple[tuple[int, bool], ...], ...]
    last_discard: tuple[int, int] | None
    ron_tile: int | None
    legal_actions: tuple[Action, ...]
    events: tuple[Event, ...]
    result: KyokuResult | None
    """There once the hand has ended. A view can be at `Phase.END` without it: after the
    hand's last discard, while another seat's ron question on it is open (`Kyoku.seen_phase`);
    a reader of END that needs the result asks for it."""

    def discard_fixes_furiten(self, tile: int) -> bool:
        """Whether discarding `tile` makes this seat furiten for the rest of the hand."""
        return fixes_furiten(tile, self.waits, self.furiten_span is FuritenSpan.REST_OF_HAND)

    def seat_wind_kind(self, seat: int) -> int:
        return EAST + WIND_NAMES.index(self.seat_winds[seat])

    def furiten_on_passing(self) -> FuritenSpan:
        """What letting a winning tile go by now costs this seat (`Kyoku.furiten_on_passing`)."""
        return furiten_on_passing(self.riichi[self.seat])

    def win_context(self, discarder: int) -> WinContext:
        """The situational yaku of a ron by this seat on `discarder`'s latest discard
        (`Kyoku.win_context`), as the seat can know them: without the ura dora."""
        return self._ron_context(discarder, self.riichi[self.seat], self._discards())

    def next_ron_context(self) -> WinContext:
        """The situational yaku of a ron on the next discard this seat can take
        (`Kyoku.next_ron_context`), as the seat can know them: without the ura dora."""
        discarder, in_riichi, discards = next_ron(self.rules, self.seat, self.dealer, self.phase, self.turn,
                                                  self.riichi[self.seat], self._discards())
        return self._ron_context(discarder, in_riichi, discards)

    def later_ron_contexts(self) -> tuple[WinContext, ...]:
        """The situational yaku of each ron this seat can take after the next one, in turn
        (`later_rons`), as the seat can know them: without the ura dora. A hand too low for
        the next discard may win on one of them: once in riichi, with ippatsu, on a final
        discard (houtei)."""
        discarder, in_riichi, discards = next_ron(self.rules, self.seat, self.dealer, self.phase, self.turn,
                                                  self.riichi[self.seat], self._discards())
        return tuple(self._ron_context(*later)
                     for later in later_rons(self.rules, self.seat, discarder, in_riichi, discards))

    def _discards(self) -> list[int]:
        return [len(river) for river in self.rivers]

    def _ron_context(self, discarder: int, in_riichi: bool, discards: list[int]) -> WinContext:
        return ron_context(self.rules, self.seat, discarder, in_riichi, discards, self.seat_wind_kind(self.seat),
                           self.dora_indicator, None)


def fixes_furiten(tile: int, waits: tuple[int, ...], fixed: bool) -> bool:
    """A seat that discards one of its own winning tiles is furiten for the rest of the hand
    (unless it already was: `fixed`)."""
    return kind_of(tile) in waits and not fixed


def furiten_on_passing(in_riichi: bool) -> FuritenSpan:
    """What letting a winning tile go by costs a seat: in riichi, furiten for the rest of the
    hand; before its riichi (its first discard), only until its own next discard."""
    return FuritenSpan.REST_OF_HAND if in_riichi else FuritenSpan.UNTIL_OWN_DISCARD


def next_ron(rules: Rules, seat: int, dealer: int, phase: Phase, turn: int | None, in_riichi: bool,
             discards: list[int]) -> tuple[int, bool, list[int]]:
    """The next discard `seat` can ron: its discarder, whether `seat` is in riichi by then and
    each seat's discards made by then (`discards`: made so far). It is the coming discard:
    the first player's first one before the discards begin (everyone already in riichi with
    `before_play`), else that of the seat on turn, or of the seat after it while a ron on
    its discard is decided; when that is `seat`'s own, the discard after it, once `seat`'s
    own (which declares its riichi) is made."""
    counted = list(discards)
    if phase in (Phase.DORA, Phase.BUILD) or turn is None:
        coming = dealer
        in_riichi = in_riichi or rules.riichi_timing == "before_play"
    elif phase is Phase.RON:
        coming = (turn + 1) % rules.players  # turn order runs seat by seat
    else:
        coming = turn
    if coming == seat:
        counted[seat] += 1
        in_riichi = True
        coming = (seat + 1) % rules.players
    counted[coming] += 1
    return coming, in_riichi, counted


def later_rons(rules: Rules, seat: int, discarder: int, in_riichi: bool,
               discards: list[int]) -> list[tuple[int, bool, list[int]]]:
    """Each discard `seat` can ron after `discarder`'s (a chance as `next_ron` gives it: its
    discarder, whether `seat` is in riichi by then, each seat's discards made by then), up to
    the last discard of the hand. `seat`'s own discards come between, the first declaring
    its riichi."""
    chances = []
    counted = list(discards)
    while True:
        discarder = (discarder + 1) % rules.players  # turn order runs seat by seat
        if discarder == seat:
            counted[seat] += 1
            in_riichi = True
            discarder = (seat + 1) % rules.players
        counted[discarder] += 1
        if counted[discarder] > DISCARDS_PER_SEAT:
            return chances
        chances.append((discarder, in_riichi, list(counted)))


def ron_context(rules: Rules, seat: int, discarder: int, in_riichi: bool, discards: list[int], seat_wind: int,
                dora_indicator: int | None, ura_indicator: int | None) -> WinContext:
    """The context of a ron by `seat` on `discarder`'s discard, with each seat's discards
    made by then counted in `discards` (the discarder's one included)."""
    ippatsu = discards[discarder] == 1 if rules.riichi_timing == "before_play" else in_riichi and discards[seat] == 1
    final = discards[discarder] == DISCARDS_PER_SEAT
    if rules.houtei == "last_discard_of_hand":
        final = final and all(count == DISCARDS_PER_SEAT for count in discards)
    return WinContext(
        seat_wind=seat_wind,
        riichi=in_riichi,
        ippatsu=ippatsu,
        houtei=final,
        renhou=not in_riichi,
        dora_indicators=(dora_indicator,) if dora_indicator is not None else (),
        ura_indicators=(ura_indicator,) if ura_indicator is not None else (),
    )


class Kyoku:
    """One kyoku, from the dora choice to its end."""

    def __init__(self, rules: Rules, deal: Deal, dealer: int) -> None:
        if not 0 <= dealer < rules.players:
            raise ValueError(f"dealer must be a seat 0..{rules.players - 1}, not {dealer}")
        if rules.virtual_dora and deal.virtual_dora is None:
            raise ValueError("this deal has no virtual dora pair, but the rules ask for one")
        self.rules = rules
        self.deal = deal
        self.dealer = dealer
        players = rules.players
        self.turn_order = tuple((dealer + i) % players for i in range(players))
        self.walls = tuple(deal.personal_wall(players, seat) for seat in range(players))
        self.hands: list[tuple[int, ...] | None] = [None] * players
        self.pools: list[list[int]] = [[] for _ in range(players)]
        self.rivers: list[list[tuple[int, bool]]] = [[] for _ in range(players)]
        self.riichi = [False] * players
        self.waits: list[tuple[int, ...]] = [()] * players
        self.furiten = [False] * players
        self.temporary_furiten = [False] * players
        self.dora_indicator: int | None = None
        self.ura_indicator: int | None = None
        self.turn: int | None = None
        self.last_discard: tuple[int, int] | None = None
        self.pending_ron: list[int] = []
        self.declared_ron: list[int] = []
        self.result: KyokuResult | None = None
        self.history: list[Event] = []
        self.phase = Phase.DORA
        winds = SEAT_WIND_ORDER[players]
        self.seat_winds = tuple(
            winds[self.turn_order.index(seat)] for seat in range(players)
        )
        self._emit(KyokuStarted(dealer, tuple(WIND_NAMES[w] for w in self.seat_winds)))
        if deal.virtual_dora is not None and rules.virtual_dora:
            self.dora_indicator, self.ura_indicator = deal.virtual_dora
            self._emit(DoraFlipped(None, None, None, self._code(self.dora_indicator)))
            self.phase = Phase.BUILD
        elif not rules.has_dora:
            self.phase = Phase.BUILD

    # --- queries -------------------------------------------------------------------

    def seat_wind_kind(self, seat: int) -> int:
        return EAST + self.seat_winds[seat]

    def discards_made(self, seat: int) -> int:
        return len(self.rivers[seat])

    def furiten_on_passing(self, seat: int) -> FuritenSpan:
        """What letting a winning tile go by now costs `seat` (see `furiten_on_passing`)."""
        return furiten_on_passing(self.riichi[seat])

    def furiten_span(self, seat: int) -> FuritenSpan | None:
        """How long `seat` is furiten now: for the rest of the hand, until its own next
        discard (a winning tile let pass before its riichi), or None when it is not."""
        if self.furiten[seat]:
            return FuritenSpan.REST_OF_HAND
        return FuritenSpan.UNTIL_OWN_DISCARD if self.temporary_furiten[seat] else None

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now.

        While building, any 13 tiles of the seat's wall are legal; the list holds the one
        form that needs no choice: `BuildHand(seat, "", complete=True)`, which builds the
        analyser's best hand.
        """
        if self.phase is Phase.DORA and seat == self.dealer:
            return [ChooseDora(seat, wall, stack)
                    for wall in side_walls(self.rules.players) for stack in range(STACKS_PER_WALL)]
        if self.phase is Phase.BUILD and self.hands[seat] is None:
            return [BuildHand(seat, "", complete=True)]
        if self.phase is Phase.DISCARD and seat == self.turn:
            codes = sorted({self._code(t) for t in self.pools[seat]})
            return [Discard(seat, code) for code in codes]
        if self.phase is Phase.RON and self.pending_ron and self.pending_ron[0] == seat:
            return [Ron(seat), Pass(seat)]
        return []

    def waiting_on(self) -> list[int]:
        """The seats whose action the hand waits for."""
        if self.phase is Phase.DORA:
            return [self.dealer]
        if self.phase is Phase.BUILD:
            return [s for s in range(self.rules.players) if self.hands[s] is None]
        if self.phase is Phase.DISCARD and self.turn is not None:
            return [self.turn]
        if self.phase is Phase.RON:
            return self.pending_ron[:1]
        return []

    def seen_phase(self, seat: int) -> tuple[Phase, int | None]:
        """The phase and the seat on turn as `seat` may see them (`waiting_on` is the referee's
        truth). A ron question is the asked seat's alone: its offer and its pass are private,
        and that it is asked says the discard completes its hand. Every other seat sees the
        hand as it would go on had the discard completed none: the next seat to discard on
        turn (that seat itself sees its turn, but no discard to make yet: the hand waits for
        the others, it is not told whom); after the hand's last discard, the hand at its
        end, its result not there yet (`SeatView.result` None).

        What stays visible is the pause, as at a physical table, where a player thinking
        about a ron holds up the hand too: the next discarder shown on turn without a clock
        (at two seats the asked seat's own discard, whose clock the question shares, so it
        runs as for any turn), or the hand's end without its result. At three seats the
        next discarder held back can tell whom the question is for: the one seat that is
        neither the discarder nor itself. At four it narrows the asked seat to two."""
        if self.phase is not Phase.RON or self.pending_ron[:1] == [seat]:
            return self.phase, self.turn
        if all(len(river) == DISCARDS_PER_SEAT for river in self.rivers):
            return Phase.END, None
        assert self.turn is not None
        return Phase.DISCARD, self._after(self.turn)[0]

    def view_for(self, seat: int) -> SeatView:
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"no seat {seat} at a table of {self.rules.players}")
        opened = self.phase is not Phase.DORA
        phase, turn = self.seen_phase(seat)
        return SeatView(
            seat=seat,
            phase=phase,
            rules=self.rules,
            dealer=self.dealer,
            seat_winds=tuple(WIND_NAMES[w] for w in self.seat_winds),
            turn=turn,
            dora_indicator=self.dora_indicator,
            wall=self.walls[seat] if opened else None,
            hand=self.hands[seat],
            pool=tuple(self.pools[seat]),
            waits=self.waits[seat],
            furiten=self.furiten[seat] or self.temporary_furiten[seat],
            furiten_span=self.furiten_span(seat),
            built=tuple(h is not None for h in self.hands),
            riichi=tuple(self.riichi),
            rivers=tuple(tuple(river) for river in self.rivers),
            last_discard=self.last_discard,
            ron_tile=self.last_discard[1] if phase is Phase.RON and self.last_discard else None,
            legal_actions=tuple(self.legal_actions(seat)),
            events=tuple(e for e in self.history if visible_to(e, seat)),
            result=self._result_for(seat),
        )

    def _result_for(self, seat: int) -> KyokuResult | None:
        """The result as `seat` sees it: winners' hands on a win, every hand on a draw."""
        if self.result is None or self.result.drawn:
            return self.result
        shown = {seat} | {win.seat for win in self.result.wins}
        hands = tuple(h if s in shown else () for s, h in enumerate(self.result.hands))
        return KyokuResult(self.result.wins, hands)

    # --- actions -------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action`, returning the events it caused.

        Raises IllegalAction (state unchanged) when the rules do not allow it.
        """
        start = len(self.history)
        seat = getattr(action, "seat", None)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.rules.players:
            raise IllegalAction("no_such_seat", f"there is no seat {seat!r} at this table")
        if self.phase is Phase.END:
            raise IllegalAction("hand_over", "the hand is over")
        if isinstance(action, ChooseDora):
            self._choose_dora(action)
        elif isinstance(action, BuildHand):
            self._build(action)
        elif isinstance(action, Discard):
            self._discard(action)
        elif isinstance(action, Ron | Pass):
            self._decide_ron(action)
        else:
            raise IllegalAction("unknown_action", f"{action!r} is not an action of 17 Steps")
        return self.history[start:]

    def _choose_dora(self, action: ChooseDora) -> None:
        self._require_phase(Phase.DORA, "the dora is chosen before building")
        if action.seat != self.dealer:
            raise IllegalAction("dealer_chooses_dora", f"the first player (seat {self.dealer}) flips the dora")
        try:
            indicator, ura = self.deal.dora_pair(self.rules.players, action.wall, action.stack)
        except ValueError as error:
            raise IllegalAction("dora_from_side_wall", str(error)) from error
        self.dora_indicator, self.ura_indicator = indicator, ura
        self._emit(DoraFlipped(action.seat, action.wall, action.stack, self._code(indicator)))
        self.phase = Phase.BUILD

    def _build(self, action: BuildHand) -> None:
        self._require_phase(Phase.BUILD, "hands are built after the dora and before the discards")
        seat = action.seat
        if self.hands[seat] is not None:
            raise IllegalAction("build_once", f"seat {seat} has already built its hand")
        try:
            codes = parse_tiles(action.tiles, red_fives=self.rules.red_fives, allow_empty=action.complete)
            chosen = pick_ids(codes, self.walls[seat], self.rules.red_fives)
        except ValueError as error:
            raise IllegalAction("hand_from_own_wall", f"seat {seat}: {error}") from error
        if len(chosen) > HAND_SIZE or (len(chosen) < HAND_SIZE and not action.complete):
            raise IllegalAction("hand_of_13", f"a hand has 13 tiles; {len(chosen)} were chosen")
        completed = len(chosen) < HAND_SIZE
        if completed:
            analyser = analysis.WallAnalyser(
                self.walls[seat], self.seat_wind_kind(seat), self.dora_indicator, self.rules
            )
            chosen = analyser.complete_selection(chosen)
        hand = tuple(sorted(chosen))
        self.hands[seat] = hand
        self.pools[seat] = sorted(set(self.walls[seat]) - set(hand))
        self.waits[seat] = tuple(waits(counts34(hand)))
        self._emit(HandBuilt(seat, self._format(hand), completed))
        if all(h is not None for h in self.hands):
            self.phase = Phase.DISCARD
            self.turn = self.dealer
            if self.rules.riichi_timing == "before_play":
                for s in self.turn_order:
                    self.riichi[s] = True
                    self._emit(RiichiDeclared(s))

    def _discard(self, action: Discard) -> None:
        self._require_phase(Phase.DISCARD, "a discard waits for the ron decision or the hands")
        seat = action.seat
        if seat != self.turn:
            raise IllegalAction("discard_in_turn", f"it is seat {self.turn}'s turn to discard, not seat {seat}'s")
        try:
            (tile,) = pick_ids(
                parse_tiles(action.tile, red_fives=self.rules.red_fives), self.pools[seat], self.rules.red_fives
            )
        except ValueError as error:
            raise IllegalAction("discard_from_pool", f"seat {seat} cannot discard {action.tile!r}: {error}") from error
        declares = not self.riichi[seat]
        self.riichi[seat] = True
        self.pools[seat].remove(tile)
        self.rivers[seat].append((tile, declares))
        self.last_discard = (seat, tile)
        self.temporary_furiten[seat] = False
        self._emit(Discarded(seat, self._code(tile), len(self.rivers[seat]), declares))
        if fixes_furiten(tile, self.waits[seat], self.furiten[seat]):
            self.furiten[seat] = True
            self._emit(FuritenStarted(seat, "own_discard", True))
        self._offer_ron(seat, tile)

    def _offer_ron(self, discarder: int, tile: int) -> None:
        eligible: list[int] = []
        for seat in self._after(discarder):
            if kind_of(tile) not in self.waits[seat]:
                continue
            reason = self._ron_refusal(seat, discarder, tile)
            if reason is None:
                eligible.append(seat)
                self._emit(RonOffered(seat, self._code(tile)))
            else:
                self._emit(WinningTileMissed(seat, self._code(tile), reason))
                self._let_pass(seat)
        if eligible:
            self.pending_ron = eligible
            self.declared_ron = []
            self.phase = Phase.RON
        else:
            self._next_turn()

    def _ron_refusal(self, seat: int, discarder: int, tile: int) -> str | None:
        if self.furiten[seat] or self.temporary_furiten[seat]:
            return "furiten"
        assessment = self._assess(seat, discarder, tile)
        if assessment.value is None:
            return "no_yaku"
        if not assessment.clears_floor:
            return "below_floor"
        return None

    def _let_pass(self, seat: int) -> None:
        """A winning tile went by: furiten for good once in riichi, else until own discard."""
        if self.furiten_on_passing(seat) is FuritenSpan.REST_OF_HAND:
            if not self.furiten[seat]:
                self.furiten[seat] = True
                self._emit(FuritenStarted(seat, "passed", True))
        elif not self.temporary_furiten[seat]:
            self.temporary_furiten[seat] = True
            self._emit(FuritenStarted(seat, "temporary", False))

    def _decide_ron(self, action: Ron | Pass) -> None:
        self._require_phase(Phase.RON, "there is no discard to ron now")
        seat = action.seat
        if not self.pending_ron or self.pending_ron[0] != seat:
            raise IllegalAction("ron_when_offered", f"seat {seat} has no ron decision to make now")
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        self.pending_ron.pop(0)
        if isinstance(action, Ron):
            self.declared_ron.append(seat)
            if self.rules.multiple_ron == "head_bump":
                self.pending_ron = []
        else:
            self._emit(RonPassed(seat, self._code(tile)))
            self._let_pass(seat)
        if self.pending_ron:
            return
        if self.declared_ron:
            self._finish_with_wins(discarder, tile)
        else:
            self.phase = Phase.DISCARD
            self._next_turn()

    def _finish_with_wins(self, discarder: int, tile: int) -> None:
        wins = []
        for seat in self.declared_ron:
            hand = self.hands[seat]
            assert hand is not None
            assessment = self._assess(seat, discarder, tile)
            value = assessment.value
            assert value is not None and assessment.floor_value is not None
            wins.append(Win(seat, discarder, tile, hand, assessment, self.ura_indicator))
            self._emit(Won(
                seat, discarder, self._code(tile), self._format(hand),
                self._code(self.ura_indicator) if self.ura_indicator is not None else None,
                value.han, value.fu, tuple((y.name, y.han) for y in value.yaku), value.level_name,
                assessment.floor_value.han, value.limit_multiplier,
            ))
        self._end(tuple(wins))

    def _next_turn(self) -> None:
        if all(len(river) == DISCARDS_PER_SEAT for river in self.rivers):
            self._emit(ExhaustiveDraw(tuple(self._format(h or ()) for h in self.hands)))
            self._end(())
            return
        assert self.turn is not None
        self.turn = self._after(self.turn)[0]

    def _end(self, wins: tuple[Win, ...]) -> None:
        self.result = KyokuResult(wins, tuple(h or () for h in self.hands))
        self.phase = Phase.END
        self.turn = None
        self.pending_ron = []

    # --- the context of a ron --------------------------------------------------------

    def _assess(self, seat: int, discarder: int, tile: int) -> RonAssessment:
        hand = self.hands[seat]
        assert hand is not None
        return assess_ron(hand, tile, self.win_context(seat, discarder), self.rules)

    def win_context(self, seat: int, discarder: int) -> WinContext:
        """The situational yaku of a ron by `seat` on `discarder`'s latest discard."""
        return self._ron_context(seat, discarder, self.riichi[seat], [len(river) for river in self.rivers])

    def next_ron_context(self, seat: int) -> WinContext:
        """The situational yaku of a ron by `seat` on the next discard it can take (`next_ron`)."""
        discarder, in_riichi, discards = next_ron(self.rules, seat, self.dealer, self.phase, self.turn,
                                                  self.riichi[seat], [len(river) for river in self.rivers])
        return self._ron_context(seat, discarder, in_riichi, discards)

    def _ron_context(self, seat: int, discarder: int, in_riichi: bool, discards: list[int]) -> WinContext:
        return ron_context(self.rules, seat, discarder, in_riichi, discards, self.seat_wind_kind(seat),
                           self.dora_indicator, self.ura_indicator)

    # --- helpers ---------------------------------------------------------------------

    def _after(self, seat: int) -> list[int]:
        """The other seats in turn order, starting after `seat`."""
        index = self.turn_order.index(seat)
        return [self.turn_order[(index + i) % self.rules.players] for i in range(1, self.rules.players)]

    def _require_phase(self, phase: Phase, why: str) -> None:
        if self.phase is not phase:
            raise IllegalAction("wrong_phase", f"not possible in the {self.phase.value} phase: {why}")

    def _emit(self, event: Event) -> None:
        self.history.append(event)

    def _code(self, tile: int) -> str:
        return tile_code(tile, self.rules.red_fives)

    def _format(self, tiles: tuple[int, ...] | list[int]) -> str:
        return format_tiles(tiles, self.rules.red_fives)
