"""The words drawn in the pictures, so an application can draw them in its players' language.

Render knows no message catalog (it imports nothing of the bot): a caller that wants other words
passes a `Labels` with its own texts; the defaults are the English ones every test image was made
with. Texts with `{fields}` are filled in here with `str.format`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Labels:
    """Every label text of the table, breakdown and board pictures (English by default)."""

    # the table
    starter: str = "Starter"
    the_play: str = "The play"
    not_cut: str = "not cut yet"
    no_series: str = "no cards in this series yet"
    count: str = "count"
    crib_of: str = "{name}'s crib"
    empty: str = "empty"
    crib_one: str = "{count} card, face down"
    crib_many: str = "{count} cards, face down"
    dealer: str = "D"
    to_play: str = "to play"
    # the breakdown
    hand: str = "Hand"
    crib: str = "Crib"
    counts: str = "counts"
    point: str = "point"
    points: str = "points"
    nothing: str = "Nothing scores: a player calls it “nineteen”."
    total: str = "Total"
    # the board
    start: str = "start"
    double_skunk: str = "{score} · double skunk"
    skunk_line: str = "{score} · skunk line"
    wins: str = "wins (+{points})"
    not_pegged: str = "not yet pegged"
    moved: str = "+{points} from {back}"
    # the discard analysis chart
    analysis: str = "Discard analysis"
    analysis_as: str = "as {role}; averages over every starter and crib"
    role_dealer: str = "dealer (the crib is yours)"
    role_pone: str = "pone (the crib is your opponent's)"
    bar_hand: str = "hand"
    bar_crib: str = "crib"
    bar_crib_theirs: str = "crib (theirs)"
    bar_net: str = "net"
    keep: str = "keep"
    lay_away: str = "lay away"
    expected: str = "expected points"


ENGLISH = Labels()
