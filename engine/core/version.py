"""The release's version: the one place it is written (pyproject.toml reads it, `cribbage --version` and the bot's
start say it; CHANGELOG.md says what each one changed)."""

__version__ = "0.2.0"
