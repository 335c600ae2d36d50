"""A PostgreSQL URL's password kept out of every message: the URL as a message may show it, and the driver's
words with whatever of the URL they echo taken out.

libpq says what it could not parse by quoting it, the password included (`invalid percent-encoded token:
"p%zz"`, or the whole URL when an IPv6 host's bracket is missing), so nothing the driver says reaches a person
or a log without going through `hidden`. A URL is read here as text, never parsed strictly: a malformed one has
a password too.
"""

from __future__ import annotations

import re
from contextlib import suppress
from urllib.parse import parse_qsl, unquote, urlsplit

QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
PIECE = 4
"""A quoted part of a driver's message holding any run of this many characters of a password is taken out whole
(the driver may read a malformed URL otherwise than `url_secrets` does, and quote a piece of the password joined
to what follows it)."""


def shown_url(url: str) -> str:
    """The URL to name in a message: its scheme, user, host, port and database, never its password or query (which
    may hold one). Read as text, so that a malformed URL is shown too: everything before the last `@` after the
    scheme is the user and password, of which only the user (before the first `:`) is kept; a port that is not
    digits (a password written without a host after it) is left out."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return "the PostgreSQL database"
    userinfo, at, place = rest.rpartition("@")
    if not at:
        place = rest
    host, slash, path = re.split(r"[?#]", place, maxsplit=1)[0].partition("/")
    name, colon, port = host.rpartition(":")
    if colon and not port.isdigit() and not host.endswith("]"):
        host = name
    user = userinfo.partition(":")[0]
    return f"{scheme}://{user + '@' if user else ''}{host or 'localhost'}{slash}{path}"


def url_secrets(url: str) -> tuple[str, ...]:
    """Every form of the password a URL holds, longest first: as written between the first `:` and the last `@`
    after the scheme (or, with no `@`, a port that is not digits), as a URL parser reads it, a `password=` in its
    query, and each of those percent-decoded."""
    rest = url.partition("://")[2]
    userinfo, at, place = rest.rpartition("@")
    found = {userinfo.partition(":")[2]} if ":" in userinfo else set()
    if not at:
        port = re.split(r"[/?#]", rest, maxsplit=1)[0].rpartition(":")[2]
        found.add("" if port.isdigit() else port)
    with suppress(ValueError):
        found.add(urlsplit(url).password or "")
    query = rest.partition("?")[2]
    found.update(value for key, value in parse_qsl(query.replace(";", "&")) if key.strip().lower() == "password")
    found.update(re.findall(r"(?i)password=([^&#]*)", query))
    found |= {unquote(s) for s in found}
    return tuple(sorted((s for s in found if s), key=len, reverse=True))


def hidden(text: str, url: str) -> str:
    """`text` (a driver's message) with the URL and its password taken out: the URL as `shown_url` shows it, a
    quoted part (the driver's echo of what it read) holding a password, a piece of one, or a short one as "…", and
    a password anywhere else as *** (a short one where it stands alone)."""
    secrets = url_secrets(url)
    if url:
        text = text.replace(url, shown_url(url))
    pieces = {s[i:i + PIECE] for s in secrets for i in range(len(s) - PIECE + 1)}
    short = [s for s in secrets if len(s) < PIECE]

    def echoed(quoted: str) -> bool:
        return any(s in quoted for s in short) or any(quoted[i:i + PIECE] in pieces for i in range(len(quoted)))

    text = QUOTED.sub(lambda m: '"…"' if echoed(m.group(0)) else m.group(0), text)
    for secret in secrets:
        if len(secret) >= PIECE:
            text = text.replace(secret, "***")
        else:
            text = re.sub(rf"(?<![\w%]){re.escape(secret)}(?![\w%])", "***", text)
    return text
