"""The readers of stored and sent values under any input: records, config files and token files, custom ids,
a control's values, a logged action, card texts. Each gives its value or the project's own error, no other."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot.app.game.moves import ClaimMuggins, LayAway, PlayCard, SayGo, move_of
from bot.app.shown.ids import BadComponentId, ComponentId, Verb
from bot.config import Config, ConfigError, load_config, parse_config
from bot.storage import StorageError, decode_action
from engine.core.cards import Card, CardError, parse_card, parse_cards
from engine.core.record import RecordError, read_lines, replay
from tests.fuzz.fuzzing import FUZZ, any_char, hostile_text, json_value, scaled
from tests.fuzz.test_fuzz_cli import GOOD, PATHS, spoiled


@FUZZ
@given(st.one_of(json_value, st.builds(lambda p, v: json.loads(spoiled(p, v)), st.sampled_from(PATHS), json_value)))
def test_a_record_of_any_shape_replays_or_says_where_not(record: Any) -> None:
    try:
        replay(record)
    except RecordError as exc:
        assert 0 < len(str(exc)) < 600


@FUZZ
@given(st.lists(st.binary(max_size=60), max_size=6))
def test_every_line_of_any_bytes_is_read_or_refused(lines: list[bytes]) -> None:
    read = list(read_lines([*lines, GOOD.encode()]))
    assert read[-1][0] == len(lines) + 1 and not isinstance(read[-1][1], RecordError)


toml_value = st.one_of(st.integers(-(2**70), 2**70), st.floats(), st.booleans(), hostile_text,
                       st.lists(st.integers(), max_size=3))
config_data = st.dictionaries(
    st.one_of(st.sampled_from(["game", "storage", "discord", "timeouts", "performance", "board"]), hostile_text),
    st.one_of(toml_value, st.dictionaries(st.one_of(st.sampled_from(
        ["target", "difficulty", "skunk", "database", "synchronous", "token_file", "dev_guild", "shard_count",
         "remind_minutes", "forfeit_minutes", "workers", "processes", "port"]), hostile_text), toml_value,
        max_size=4)), max_size=4)


@FUZZ
@given(config_data)
def test_any_config_values_make_a_config_or_a_config_error(data: dict[str, Any]) -> None:
    try:
        config = parse_config(data, None)
    except ConfigError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400
    else:
        assert 0 < config.remind_after < config.forfeit_after and str(config.database).strip()


config_text = st.one_of(
    st.binary(max_size=200),
    st.lists(st.tuples(st.sampled_from(["[game]", "[storage]", "[discord]", "[timeouts]", "[gmae]", "x = ["]),
                       st.sampled_from(["target", "forfeit_minutes", "database", "token_file", "workers", "traget"]),
                       st.sampled_from(["61", "inf", "nan", '""', '"\\u0000"', "1e400", "-1", "[1,[2]]", "true",
                                        "9" * 5000, "'/dev/zero'", '"\\udcff"'])),
             max_size=5).map(lambda rows: "\n".join(f"{t}\n{k} = {v}" for t, k, v in rows).encode()),
)


@FUZZ
@given(config_text)
def test_any_config_file_is_read_or_refused(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "config.toml"
        path.write_bytes(content)
        try:
            load_config(path)
        except ConfigError as exc:
            assert len(str(exc)) < 600


@scaled(0.5)
@given(st.binary(max_size=5000))
def test_any_token_file_is_read_or_refused(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "token"
        path.write_bytes(content)
        try:
            token = Config(None, token_file=path).token(warn=lambda line: None)
        except ConfigError as exc:
            assert "\n" not in str(exc)
        else:
            assert token is None or token == token.strip()


@FUZZ
@given(st.one_of(hostile_text, st.text(any_char), st.none(), st.integers(), st.binary(max_size=20),
                 st.lists(st.text(max_size=5), max_size=3),
                 st.from_regex(r"crib:[0-9a-z]{1,20}:[0-9]{1,6}:[a-z]{2,8}(:[0-9A-Za-z.]{1,24})?", fullmatch=True)))
def test_a_custom_id_parses_or_is_refused(text: Any) -> None:
    try:
        cid = ComponentId.parse(text)
    except BadComponentId as exc:
        assert len(str(exc)) < 300
    else:
        assert ComponentId.parse(cid.encode()) == cid


control_values = st.one_of(st.lists(st.one_of(st.sampled_from(["5H", "AS", "10d"]), hostile_text), max_size=3),
                           st.just((None, None)), st.just((5, 6)), st.none(), st.text(max_size=4),
                           st.lists(st.one_of(st.integers(), st.none(), st.floats()), max_size=2),
                           st.just([["5H"]]))


@FUZZ
@given(st.sampled_from(list(Verb)), st.one_of(st.just(""), st.sampled_from(["5H", "yes", "no", "x"]),
                                              st.from_regex(r"[0-9A-Za-z.]{1,24}", fullmatch=True)), control_values)
def test_a_control_is_a_move_or_a_bad_component_id(verb: Verb, arg: str, values: Any) -> None:
    cid = ComponentId("g1", 3, verb, arg)
    try:
        move = move_of(cid, values)
    except BadComponentId as exc:
        assert len(str(exc)) < 300
    else:
        assert isinstance(move, LayAway | PlayCard | SayGo | ClaimMuggins)
        if isinstance(move, LayAway):
            assert all(isinstance(c, Card) for c in move.cards)


@FUZZ
@given(st.one_of(json_value.map(json.dumps), hostile_text,
                 st.fixed_dictionaries({"t": st.sampled_from(["lay", "play", "go", "declare", "muggins", "x"]),
                                        "seat": json_value, "cards": json_value, "card": json_value,
                                        "points": json_value, "claim": json_value}).map(json.dumps)))
def test_a_logged_action_decodes_or_is_a_storage_error(text: str) -> None:
    try:
        decode_action(text)
    except StorageError as exc:
        assert len(str(exc)) < 400


@FUZZ
@given(json_value, st.one_of(hostile_text, st.lists(st.one_of(hostile_text, json_value), max_size=4)))
def test_card_text_reads_or_is_a_card_error(anything: Any, texts: str | list[Any]) -> None:
    for read, value in ((parse_card, anything), (parse_card, texts), (parse_cards, texts)):
        try:
            read(value)  # type: ignore[operator]
        except CardError as exc:
            assert len(str(exc)) < 200
