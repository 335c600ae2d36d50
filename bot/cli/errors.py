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


MESSAGE_LIMIT = 400
"""The longest message a refusal prints: a value pasted by the megabyte is quoted by its two ends."""


def bounded(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text` cut in the middle to at most about `limit` characters, keeping its start (what was refused) and its
    end (why, or what to choose from)."""
    if len(text) <= limit:
        return text
    head, tail = text[: limit * 3 // 5], text[-(limit * 2 // 5):]
    return f"{head} … ({len(text) - len(head) - len(tail):,} characters left out) … {tail}"
