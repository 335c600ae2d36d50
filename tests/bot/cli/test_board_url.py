"""A simulated board's seed is held to the range of every --seed: a negative one is refused, not wrapped, and a
huge one is quoted short, not echoed whole by the line that names the board."""

from __future__ import annotations

import pytest

from bot.cli.board_url import board_problem
from bot.cli.main import main


def test_a_sim_seed_out_of_range_is_refused_and_quoted_short(capsys: pytest.CaptureFixture[str]) -> None:
    assert board_problem("sim://t?seed=9223372036854775807&drop=0.1") is None
    assert board_problem("sim://t?seed=-1") == ("seed '-1' in a sim:// address is not a whole number from 0 to "
                                                "9223372036854775807")
    with pytest.raises(SystemExit) as refused:
        main(["board", "set", "--port", "sim://t?seed=" + "9" * 480, "--pegs", "5/1"])
    err = capsys.readouterr().err
    assert refused.value.code == 2 and err == (
        "cribbage board set: argument --port: seed '999999999999999999999999999999999999999'… (480 characters) in a "
        "sim:// address is not a whole number from 0 to 9223372036854775807 (see cribbage board set --help)\n")
