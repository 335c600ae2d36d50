"""Errors the command line and the application report to a person."""


class UsageError(Exception):
    """Bad input on the command line: the message says what and why (exit status 2). It is printed on one
    line, any control character in it escaped (a file name holding a newline), unless `multiline` (a how-to)."""

    def __init__(self, message: str, *, multiline: bool = False) -> None:
        super().__init__(message)
        self.multiline = multiline


def one_line(text: str) -> str:
    """`text` with every character that is not printable (newlines, carriage returns, lone surrogates from
    undecodable bytes) written as its escape, so a message stays one readable line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for c in text)
