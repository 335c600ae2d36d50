"""The command-line door: `cribbage` and its subcommands (one module each in `bot.cli.commands`)."""
