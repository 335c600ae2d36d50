"""Typed text read strictly (numbers in ASCII digits, switches by six words) and shown back safely (control
characters escaped, long text cut)."""

from datetime import date

import pytest

from engine.core.errors import clip, escaped, shown
from engine.core.typed import is_number_like, iso_day, two_scores, whole_number, yes_no


@pytest.mark.parametrize(("text", "value"), [
    ("7", 7), ("007", 7), ("120", 120), ("121", None), ("-1", None), ("+7", None), (" 7", None), ("7 ", None),
    ("1_0", None), ("١٢", None), ("１２", None), ("²", None), ("", None), ("9" * 21, None), ("0x10", None),
    ("1e3", None), ("7.0", None),
])
def test_a_whole_number_is_ascii_digits_in_range(text: str, value: int | None) -> None:
    assert whole_number(text, 0, 120) == value


def test_a_negative_number_only_where_the_range_has_them() -> None:
    assert whole_number("-5", -9, 9) == -5
    assert whole_number("-5", 0, 9) is None
    assert whole_number("-0", 0, 9) == 0
    assert whole_number("--5", -9, 9) is None
    assert whole_number("-", -9, 9) is None


@pytest.mark.parametrize(("text", "value"), [
    ("true", True), ("TRUE", True), ("Yes", True), ("1", True), ("false", False), ("FALSE", False), ("no", False),
    ("0", False), ("", None), ("off", None), ("on", None), ("y", None), (" true", None), ("2", None), ("١", None),
])
def test_a_switch_is_one_of_six_words(text: str, value: bool | None) -> None:
    assert yes_no(text) is value


@pytest.mark.parametrize(("text", "number"), [
    ("7", True), ("+7", True), ("#7", True), ("٧", True), ("７", True), ("⑦", True), ("1_0", True), ("-3", True),
    ("Ann", False), ("A1", False), ("", False), ("-", False), ("7 #2", False), ("Ⅻ", False),
])
def test_what_reads_as_a_number(text: str, number: bool) -> None:
    assert is_number_like(text) is number


def test_control_characters_are_written_out() -> None:
    assert escaped("a\x1b[31mb\x00c\nd\re\tf\x7f\u202eg\u2028h\udcff") == \
        "a\\x1b[31mb\\x00c\\nd\\re\\tf\\x7f\\u202eg\\u2028h\\udcff"
    assert escaped("👨\u200d👩\u200d👧 Zoë 牌\u3000x") == "👨\u200d👩\u200d👧 Zoë 牌\u3000x"  # joiners and spaces kept


def test_clip_escapes_then_cuts() -> None:
    assert clip("short") == "short"
    assert clip("a" * 120_000, 60) == "a" * 59 + "…"
    assert clip("\x00" * 50, 40) == "\\x00" * 9 + "…"  # never an escape cut in half
    assert clip("x\x1b" * 3, 40) == "x\\x1bx\\x1bx\\x1b"
    assert clip("\x1b" * 10, 40) == "\\x1b" * 10  # exactly the limit: whole
    assert clip("\x1b" * 11, 40) == "\\x1b" * 9 + "…"


def test_shown_quotes_text_escaped_and_other_values_short() -> None:
    assert shown("Z\x1b[2J") == "Z\\x1b[2J"
    assert shown(10**5000).startswith("<a number of about")


@pytest.mark.parametrize(("text", "scores"), [
    ("95,88", (95, 88)), ("0,120", (0, 120)), ("95,121", None), ("٩٥,88", None), ("+95,88", None), ("95", None),
    ("95,88,1", None), ("95, 88", None), ("1_0,5", None), (",", None),
])
def test_two_scores_are_ascii_digits_below_the_target(text: str, scores: tuple[int, int] | None) -> None:
    assert two_scores(text, 121) == scores


@pytest.mark.parametrize(("text", "day"), [
    ("2027-01-03", date(2027, 1, 3)), (" 2028-02-29 ", date(2028, 2, 29)), ("2027-02-29", None),
    ("2027-W01-1", None), ("20270103", None), ("2027-1-3", None), ("２０２７-01-03", None), ("", None),
    ("2027-01-03T00:00", None),
])
def test_a_day_is_yyyy_mm_dd_in_ascii_digits(text: str, day: date | None) -> None:
    assert iso_day(text) == day
