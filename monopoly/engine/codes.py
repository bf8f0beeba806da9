"""The engine's domain codes: closed sets of names as types.

Each is a string enum, so a code saves to JSON and prints as its text ("roll", "rent") while
the type checker and readers see which set a value belongs to. Comparing a code with its text
still works (``DecisionKind.ROLL == "roll"``), which keeps old saves and callers readable.
"""

from __future__ import annotations

from enum import Enum


class Code(str, Enum):
    """A domain code: a closed set of names, typed, that still saves and prints as its text.

    (``enum.StrEnum`` would do, but the package runs on Python 3.10 too.)
    """

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    @classmethod
    def allowed(cls) -> str:
        """The texts of the code, for messages that say what would be accepted."""
        return ", ".join(str(m.value) for m in cls)


class DecisionKind(Code):
    """The decisions the engine can wait for."""

    ROLL = "roll"  # start of a throw: roll, or in jail pay / use a card first
    BUY = "buy"  # buy the property landed on, or send it to auction
    AUCTION = "auction"  # bids from any player still in the auction
    INCOME_TAX = "income_tax"  # flat amount or percentage
    PAY_OR_DRAW = "pay_or_draw"  # pay a fine or take a Chance
    RAISE_FUNDS = "raise_funds"  # sell, mortgage or trade until the debt is covered, or go bankrupt
    TRADE_RESPONSE = "trade_response"  # accept or refuse an offer
    MORTGAGED_TRANSFER = "mortgaged_transfer"  # lift or keep a mortgaged property just received
    MOVE_OFFLINE = "move_offline"  # place the .com Offline token
    PLACE_BUILDING = "place_building"  # put an auctioned house or hotel on a street
    GAME_OVER = "game_over"


class Phase(Code):
    """Where the turn in play stands."""

    AWAIT_ROLL = "await_roll"  # the player's next throw is due
    RESOLVING = "resolving"  # the throw is being played out
    MOVE_PENDING = "move_pending"  # a move still to make once a debt is paid (a forced jail fine)


class Termination(Code):
    """Why a game ended."""

    LAST_PLAYER = "last_player"  # everyone else went bankrupt
    TIME_UP = "time_up"  # the time-limit game's clock ran out
    FIRST_BANKRUPTCY = "first_bankruptcy"  # the .com short game ends at the first bankruptcy
    ENDED = "ended"  # stopped by the players (the computer editions' Quit)
    TURN_LIMIT = "turn_limit"  # the max_turns option (simulations); nobody wins
    TURNS_PLAYED = "turns_played"  # the turn_limit house rule: the richest wins
    TARGET_REACHED = "target_reached"  # the net_worth_target house rule: the richest wins


class AuctionItem(Code):
    """What an auction sells."""

    SQUARE = "square"  # a title deed
    HOUSE = "house"  # a house the bank is short of
    HOTEL = "hotel"  # a hotel the bank is short of


class CardKind(Code):
    """What a Chance or Community Chest card does (an edition's ``effect.kind``): the keys of the
    card-effect registry (``effects.EFFECTS``)."""

    ADVANCE_TO = "advance_to"  # move forward to a square (``square``)
    ADVANCE_TO_NEAREST = "advance_to_nearest"  # forward to the next ``target`` (railroad, utility), perhaps dearer
    MOVE_RELATIVE = "move_relative"  # ``spaces`` forward (back when negative)
    MOVE_BACK_TO = "move_back_to"  # move backward to a square (``square``)
    GO_TO_JAIL = "go_to_jail"
    PAY = "pay"  # ``amount`` to the bank
    COLLECT = "collect"  # ``amount`` from the bank
    PAY_EACH_PLAYER = "pay_each_player"
    COLLECT_FROM_EACH_PLAYER = "collect_from_each_player"
    REPAIRS = "repairs"  # ``per_house`` and ``per_hotel``
    PAY_OR_DRAW = "pay_or_draw"  # pay ``amount`` or take a card from ``deck``
    GET_OUT_OF_JAIL_FREE = "get_out_of_jail_free"  # kept until used or sold
    # What each does, its parameters, where it moves the token: ``effects.EFFECTS``, one entry a kind.


class OfflineCause(Code):
    """Why the .com Offline token is to be moved (a ``move_offline`` decision)."""

    DOUBLES = "doubles"  # the player in play threw doubles
    LANDED = "landed"  # someone landed where the owner may now move it


class PaymentReason(Code):
    """Why money moved (``Paid.reason``), and what a debt is for (a raise-funds decision's reason)."""

    RENT = "rent"
    SALARY = "salary"
    TAX = "tax"
    CARD = "card"
    REPAIRS = "repairs"
    PURCHASE = "purchase"
    AUCTION = "auction"
    DEED = "deed"  # a deed dealt at the start of a short game
    BUILDING = "building"
    BUILDING_SOLD = "building sold"
    BUILDING_REFUND = "building refund"  # a building won at auction that fits nowhere
    MORTGAGE = "mortgage"
    MORTGAGE_LIFTED = "mortgage lifted"
    MORTGAGE_INTEREST = "mortgage interest"
    JAIL_FINE = "jail fine"
    TRADE = "trade"
    BANKRUPTCY = "bankruptcy"
    JACKPOT = "jackpot"  # the Free Parking pot taken by the player who lands there


class RentClaimMode(Code):
    """Until when rent must be claimed by its owner (rule option ``rent_claim``)."""

    NEXT_ROLL = "next_roll"  # before the next player throws (the US books)
    NEXT_THROW = "next_throw"  # before the next throw of all, the payer's own after doubles too (UK)
    SECOND_ROLL = "second_roll"  # before the second player following throws (.com, the text game)
    AUTOMATIC = "automatic"  # charged at once


class IncomeTaxMode(Code):
    """How income tax is paid (rule option ``income_tax``)."""

    CHOICE = "choice"  # the flat amount or a percentage of total worth, chosen before the worth is known
    FLAT = "flat"  # the flat amount


class AuctionLimit(Code):
    """How far a bid may go (rule option ``auction_limit``)."""

    CASH = "cash"  # no further than the bidder's cash
    ASSETS = "assets"  # up to the bidder's assets; a bid beyond them voids the auction (UK)


class ShortGame(Code):
    """The short games (rule option ``short_game``)."""

    NONE = "none"
    TIME_LIMIT = "time_limit"  # ends with a valuation when the agreed time is up
    DOTCOM = "dotcom"  # the .com short game: free deeds, ends at the first bankruptcy
