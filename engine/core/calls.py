"""The words players say aloud when they count: number names and the traditional calls."""

from __future__ import annotations

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy",
         8: "eighty", 9: "ninety"}
_RUN_LENGTHS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def number_word(n: int) -> str:
    """English words for 0..199, as a caller says them: 24 -> 'twenty-four'."""
    if n < 0 or n >= 200:
        raise ValueError(f"no word for {n}")
    if n >= 100:
        rest = n - 100
        return "one hundred" + ("" if rest == 0 else " and " + number_word(rest))
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + ("" if ones == 0 else "-" + _ONES[ones])


def run_word(length: int) -> str:
    return _RUN_LENGTHS.get(length, str(length))


PAIR_NAMES = {2: "a pair", 6: "pair royal", 12: "double pair royal"}
"""The name of a set of equal ranks, by its points."""
