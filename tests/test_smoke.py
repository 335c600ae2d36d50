from bot.cli import build_parser


def test_every_command_registers() -> None:
    parser = build_parser()
    assert parser.prog == "cribbage"
