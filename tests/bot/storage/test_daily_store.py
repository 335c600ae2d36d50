"""The daily hand's store (bot/storage/sql/daily.py) on both backends: a server's post of a day, made once;
one answer a member, changeable while the post is open and refused once it is closed; the answers by member and a
member's by day."""

from collections.abc import Callable

from bot.storage import Storage
from bot.storage.values import DailyPost


def test_a_post_is_made_once_a_server_and_day_and_keeps_its_message(store: Storage) -> None:
    assert store.add_daily_post("g1", "2027-01-04", "c1") == DailyPost("g1", "2027-01-04", "c1")
    assert store.add_daily_post("g1", "2027-01-04", "c9") == DailyPost("g1", "2027-01-04", "c1")  # made already
    store.set_daily_message("g1", "2027-01-04", "m1")
    store.add_daily_post("g2", "2027-01-04", "c2")
    assert store.daily_post("g1", "2027-01-04") == DailyPost("g1", "2027-01-04", "c1", "m1", False)
    assert (store.daily_post("g1", "2027-01-05"), store.daily_post("g3", "2027-01-04")) == (None, None)


def test_answers_change_until_the_close_and_are_refused_after_it(reopen: Callable[[], Storage]) -> None:
    s = reopen()
    assert s.answer_daily("g1", "2027-01-04", "ann", "5H 5C", at=1.0) is False  # never posted there
    s.add_daily_post("g1", "2027-01-04", "c1")
    s.add_daily_post("g2", "2027-01-04", "c2")
    assert s.answer_daily("g1", "2027-01-04", "ann", "5H 5C", at=1.0) is True
    assert s.answer_daily("g1", "2027-01-04", "bob", "JH KD", at=2.0) is True
    assert s.answer_daily("g1", "2027-01-04", "ann", "JH KD", at=3.0) is True  # changed
    assert s.answer_daily("g2", "2027-01-04", "ann", "5H 5C", at=3.0) is True  # another server's post
    assert s.daily_answers("g1", "2027-01-04") == {"ann": "JH KD", "bob": "JH KD"}
    assert s.daily_answer_count("g1", "2027-01-04") == 2
    assert s.open_daily_posts("2027-01-05") == [DailyPost("g1", "2027-01-04", "c1"),
                                                DailyPost("g2", "2027-01-04", "c2")]
    assert s.open_daily_posts("2027-01-04") == []
    assert s.close_daily_post("g1", "2027-01-04") is True
    assert s.close_daily_post("g1", "2027-01-04") is False  # closed once
    assert s.answer_daily("g1", "2027-01-04", "ann", "5H 5C", at=4.0) is False
    assert s.answer_daily("g1", "2027-01-04", "eve", "5H 5C", at=4.0) is False
    s.close()
    s = reopen()
    assert s.daily_answers("g1", "2027-01-04") == {"ann": "JH KD", "bob": "JH KD"}
    assert s.daily_post("g1", "2027-01-04") == DailyPost("g1", "2027-01-04", "c1", "", True)
    assert s.open_daily_posts("2027-01-05") == [DailyPost("g2", "2027-01-04", "c2")]
    s.close()


def test_a_members_answers_by_day_in_one_server(store: Storage) -> None:
    for day in ("2027-01-01", "2027-01-02", "2027-01-04"):
        store.add_daily_post("g1", day, "c1")
        store.answer_daily("g1", day, "ann", f"answer {day[-1]}", at=1.0)
    store.add_daily_post("g2", "2027-01-03", "c2")
    store.answer_daily("g2", "2027-01-03", "ann", "elsewhere", at=1.0)
    assert store.member_daily_answers("g1", "ann") == {"2027-01-01": "answer 1", "2027-01-02": "answer 2",
                                                       "2027-01-04": "answer 4"}
    assert store.member_daily_answers("g1", "bob") == {}

