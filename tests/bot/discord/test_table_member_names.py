"""A mentioned member's name at a real table: the server's name made one the table takes."""

from bot.app.companion.tablemode import TablePlayer
from bot.discord.tables import MENTION, member_name


def test_a_member_name_loses_its_control_characters() -> None:
    assert member_name("Ann\x1b[2J\u202e", "1", []) == "Ann[2J"
    assert member_name("\x00\x07", "1", [TablePlayer("Bob")]) == "player2"


def test_two_members_with_one_name_get_their_seat_numbers() -> None:
    seats = [TablePlayer("Sam", "1")]
    assert member_name("SAM", "2", seats) == "SAM #2"
    assert member_name("Sam", "1", seats) == "Sam"  # the same member twice: one name, which the table refuses


def test_a_member_named_like_a_number_gets_a_seat_number() -> None:
    assert member_name("7", "1", []) == "7 #1"
    assert member_name("٣", "1", [TablePlayer("Ann")]) == "٣ #2"


def test_a_mention_is_ascii_digits() -> None:
    assert MENTION.fullmatch("<@!123>") is not None
    assert MENTION.fullmatch("<@١٢٣>") is None
