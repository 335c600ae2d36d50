"""The events' store (bot/storage/sql/events.py) on both backends: an event and its state and round moved once;
entrants in the joining order, refused when full, twice, or after the entries closed; a member leaving (struck out
before the start, withdrawn after); a round's tables added once and each game's result kept once."""



from bot.storage import Storage
from bot.storage.values import EntrantRow, EventGameRow, EventRow

NIGHT = EventRow("ev1", "g1", "club", '{"games": 2}', "open", "dir", "c1", 7, 100.0)


def test_an_event_is_kept_and_its_state_and_round_move_once(store: Storage) -> None:
    store.add_event(NIGHT)
    store.add_event(EventRow("ev2", "g1", "club", "{}", "over", "dir", "c1", 8, 50.0))
    assert store.event("ev1") == NIGHT
    assert store.event("nope") is None
    assert [e.id for e in store.events_in("g1", ["open", "running"])] == ["ev1"]
    assert [e.id for e in store.events_in("g1", ["open", "over"])] == ["ev2", "ev1"]
    assert store.events_in("g2", ["open"]) == []
    store.set_event_message("ev1", "m9")
    assert store.set_event_state("ev1", "running", was="open") is True
    assert store.set_event_state("ev1", "running", was="open") is False
    assert store.set_event_round("ev1", 1, was=0) is True
    assert store.set_event_round("ev1", 1, was=0) is False
    assert store.event("ev1") == EventRow("ev1", "g1", "club", '{"games": 2}', "running", "dir", "c1", 7, 100.0,
                                          "m9", 1, "en")
    assert [e.id for e in store.events_running()] == ["ev1"]


def test_entrants_join_in_order_and_are_refused_when_full_twice_or_closed(store: Storage) -> None:
    store.add_event(NIGHT)
    assert store.add_entrant("ev1", "ann", "", "Ann", most=3) == 1
    assert store.add_entrant("ev1", "ann", "", "Ann", most=3) is None  # twice
    assert store.add_entrant("ev1", "", "easy", "computer (easy)", most=3) == 2
    assert store.add_entrant("ev1", "", "hard", "computer (hard)", most=3) == 3
    assert store.add_entrant("ev1", "bob", "", "Bob", most=3) is None  # full
    assert store.add_entrant("nope", "bob", "", "Bob", most=3) is None  # no such event
    assert store.withdraw_entrant("ev1", "ann") is True  # before the start: struck out
    assert store.withdraw_entrant("ev1", "ann") is False
    assert store.add_entrant("ev1", "bob", "", "Bob", most=3) == 4
    store.set_event_state("ev1", "running", was="open")
    assert store.add_entrant("ev1", "cy", "", "Cy", most=9) is None  # the entries closed
    assert store.withdraw_entrant("ev1", "bob") is True  # after it: withdrawn, kept
    assert store.withdraw_entrant("ev1", "bob") is False
    assert store.entrants("ev1") == [EntrantRow("ev1", 2, "", "easy", "computer (easy)"),
                                     EntrantRow("ev1", 3, "", "hard", "computer (hard)"),
                                     EntrantRow("ev1", 4, "bob", "", "Bob", True)]


def test_a_rounds_tables_are_added_once_and_each_result_kept_once(store: Storage) -> None:
    tables = [EventGameRow("ev1", 1, 0, 2, 1, "gm1"), EventGameRow("ev1", 1, 1, 3, 0, outcome="bye")]
    assert store.add_event_games(tables) is True
    assert store.add_event_games(tables) is False
    assert store.event_game("gm1") == tables[0]
    assert (store.event_game(""), store.event_game("other")) == (None, None)
    assert store.record_event_result("gm1", 121, 88, "played") is True
    assert store.record_event_result("gm1", 121, 100, "played") is False  # kept already
    assert store.record_event_result("other", 121, 100, "played") is False
    assert store.record_event_result("", 121, 100, "played") is False
    assert store.event_games("ev1") == [EventGameRow("ev1", 1, 0, 2, 1, "gm1", 121, 88, "played"), tables[1]]
    assert store.event_games("ev2") == []


def test_an_events_settings_are_replaced_only_in_the_state_named(store: Storage) -> None:
    store.add_event(NIGHT)
    seeded = '{"games": 2, "seeds": [3, 1, 2]}'
    assert store.set_event_settings("ev1", seeded, state="running") is False  # it is open: nothing changed
    assert store.event("ev1") == NIGHT
    assert store.set_event_settings("ev1", seeded, state="open") is True
    assert store.set_event_settings("nope", seeded, state="open") is False
    found = store.event("ev1")
    assert found is not None and found.settings == seeded
