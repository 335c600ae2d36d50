"""A count typed for counting practice (Discord's number pad): ASCII digits from 0 to 29, nothing else read as one."""

import pytest

from bot.app.companion.practice import read_count
from bot.i18n import Lang


@pytest.mark.parametrize(("typed", "read"), [
    ("5", 5), (" 12 ", 12), (0, 0), (29, 29),
    ("+5", "“+5” is not a whole number."), ("1_0", "“1_0” is not a whole number."),
    ("٥", "“٥” is not a whole number."), ("５", "“５” is not a whole number."),
    ("5\x1b[2J", "“5\\x1b[2J” is not a whole number."),
    ("30", "A count is a whole number from 0 to 29, not “30”."),
    ("-3", "A count is a whole number from 0 to 29, not “-3”."),
    ("9" * 5000, "A count is a whole number from 0 to 29, not “999999999999999999999999999999999999999…”."),
])
def test_a_typed_count_is_ascii_digits(typed: str | int, read: int | str) -> None:
    assert read_count(typed, Lang.EN) == read
