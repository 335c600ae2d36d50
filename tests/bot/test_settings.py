"""The settings' declarations (bot/settings.py): how each kind reads what a person types or a door chooses, how a
value is kept as text and read back, and that any text gives a value or a coded refusal, never another error."""

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.app.companion.settings_book import SettingsBook
from bot.i18n import Lang, has
from bot.settings import SETTINGS, Kind, Scope, Setting, SettingError, SettingProblem, setting
from bot.storage import SqliteStorage
from tests.fuzz.fuzzing import hostile_text

SEASONS = Setting("seasons", Scope.SERVER, Kind.CHOICE, "off", choices=("off", "monthly", "quarterly"))
LIMIT = Setting("farming", Scope.SERVER, Kind.NUMBER, 5, low=1, high=100)
CHANNEL = Setting("results", Scope.SERVER, Kind.CHANNEL, "")


def test_every_declared_setting_has_its_words_in_both_catalogs() -> None:
    assert [(s.scope.value, s.name, s.default) for s in SETTINGS] == [
        ("server", "mentions", True), ("server", "rated", True), ("server", "farming", 5), ("server", "language", "en"),
        ("server", "seasons", "off"), ("server", "season_channel", ""), ("server", "season_top", 3),
        ("server", "daily_channel", ""), ("server", "daily", False), ("member", "mentions", True),
        ("game", "auto_go", True), ("game", "rated", True)]
    for s in SETTINGS:
        assert has(f"{s.key}.desc")


@pytest.mark.parametrize(("s", "raw", "value"), [
    (setting(Scope.SERVER, "mentions"), "Off", False), (setting(Scope.SERVER, "mentions"), " yes ", True),
    (setting(Scope.SERVER, "mentions"), True, True), (LIMIT, "7", 7), (LIMIT, 100, 100),
    (SEASONS, "Monthly", "monthly"), (CHANNEL, "123456789012345678", "123456789012345678"), (CHANNEL, "", ""),
])
def test_a_value_is_read_by_its_kind(s: Setting, raw: object, value: object) -> None:
    assert s.read(raw) == value
    assert s.loaded(s.stored(s.read(raw))) == value


@pytest.mark.parametrize(("s", "raw", "code", "message"), [
    (setting(Scope.SERVER, "mentions"), "maybe", SettingProblem.VALUE, "mentions is on or off, not 'maybe'"),
    (setting(Scope.SERVER, "mentions"), 1, SettingProblem.VALUE, "mentions is on or off, not 1"),
    (LIMIT, "0", SettingProblem.RANGE, "farming is from 1 to 100, not 0"),
    (LIMIT, "٣", SettingProblem.VALUE, "farming is a whole number, not '٣'"),
    (LIMIT, True, SettingProblem.VALUE, "farming is a whole number, not True"),
    (SEASONS, "weekly", SettingProblem.CHOICE, "seasons is one of off, monthly, quarterly, not 'weekly'"),
    (CHANNEL, "#general", SettingProblem.CHANNEL, "results is a text channel, not '#general'"),
])
def test_a_bad_value_is_refused_with_its_code(s: Setting, raw: object, code: SettingProblem, message: str) -> None:
    with pytest.raises(SettingError) as refused:
        s.read(raw)
    assert (refused.value.code, str(refused.value)) == (code, message)


def test_an_unknown_name_names_the_ones_there_are() -> None:
    with pytest.raises(SettingError) as refused:
        setting(Scope.SERVER, "colour")
    assert (refused.value.code, str(refused.value)) == (
        SettingProblem.UNKNOWN, "no server setting 'colour'; there are: mentions, rated, farming, language, seasons, "
                                "season_channel, season_top, daily_channel, daily")


@given(st.one_of(hostile_text, st.integers(), st.booleans(), st.none(), st.floats()))
def test_any_value_reads_or_is_refused_and_a_damaged_stored_value_is_the_default(raw: Any) -> None:
    for s in (*SETTINGS, SEASONS, LIMIT, CHANNEL):
        try:
            s.read(raw)
        except SettingError as exc:
            assert exc.code in SettingProblem
        if isinstance(raw, str):
            assert s.loaded(raw) == (s.read(raw) if _reads(s, raw) else s.default)


def _reads(s: Setting, raw: str) -> bool:
    try:
        s.read(raw)
    except SettingError:
        return False
    return True


def test_the_book_keeps_only_what_differs_from_the_default_and_says_each_change() -> None:
    store = SqliteStorage(":memory:")
    book = SettingsBook(store)
    try:
        assert book.change(Scope.SERVER, "srv", "mentions", "off", Lang.EN) == (
            True, "Turn mentions are off in this server: nobody is mentioned when it is their turn.")
        assert store.settings_of("server", "srv") == {"mentions": "false"}
        assert book.change(Scope.SERVER, "srv", "mentions", "on", Lang.EN)[0]
        assert store.settings_of("server", "srv") == {}
        assert book.change(Scope.SERVER, "srv", "mentions", "loud", Lang.ZH) == (False, "mentions 不能设为 'loud'。")
        assert book.change(Scope.SERVER, "srv", "colour", "red", Lang.EN) == (
            False, "There is no setting 'colour'; there are: mentions, rated, farming, language, seasons, "
                   "season_channel, season_top, daily_channel, daily.")
        assert book.change(Scope.SERVER, "srv", "farming", "0", Lang.EN) == (
            False, "farming is from 1 to 100, not 0.")
        assert book.change(Scope.SERVER, "srv", "farming", "3", Lang.EN) == (True, "farming is now 3.")
        assert book.value(Scope.SERVER, "srv", "farming") == 3 and book.value(Scope.SERVER, "other", "farming") == 5
        book.change(Scope.MEMBER, "u2", "mentions", "off", Lang.EN)
        assert book.wanted("srv", ["u1", "u2"]) == ("u1",)
        book.change(Scope.SERVER, "srv", "mentions", "off", Lang.EN)
        assert book.wanted("srv", ["u1", "u2"]) == ()
    finally:
        store.close()


def test_the_daily_hand_is_turned_on_only_with_its_channel_and_its_channel_kept_while_it_is_on() -> None:
    store = SqliteStorage(":memory:")
    book = SettingsBook(store)
    try:
        assert book.change(Scope.SERVER, "srv", "daily", "on", Lang.EN) == (
            False, "daily cannot be turned on before daily_channel is set: give both in one command, such as "
                   "/cribbage settings daily_channel:#channel daily:on.")
        assert store.settings_of("server", "srv") == {}
        assert book.change(Scope.SERVER, "srv", "daily", "off", Lang.EN)[0]  # off needs nothing
        assert book.change(Scope.SERVER, "srv", "daily_channel", "123", Lang.EN) == (
            True, "daily_channel is now <#123>.")
        assert book.change(Scope.SERVER, "srv", "daily", "on", Lang.ZH) == (
            True, "每日一手已开启：每天 UTC 00:00 在 daily_channel 发布当天的题目，"
                  "同时前一天的帖子会公布答案和大家的选择。")
        assert book.change(Scope.SERVER, "srv", "daily_channel", "", Lang.EN) == (
            False, "daily_channel cannot be cleared while daily is on: turn daily off first.")
        assert store.settings_of("server", "srv") == {"daily": "true", "daily_channel": "123"}
        assert book.change(Scope.SERVER, "srv", "daily_channel", "456", Lang.EN)[0]  # moved, not cleared
        book.change(Scope.SERVER, "srv", "daily", "off", Lang.EN)
        assert book.change(Scope.SERVER, "srv", "daily_channel", "", Lang.EN)[0]
        assert store.settings_of("server", "srv") == {}
    finally:
        store.close()
