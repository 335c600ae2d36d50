"""A pegboard's address typed on the command line, checked at parse time: a `sim://` board's options in range, a
`socket://` address with its port, and nothing so long that an error would echo it for a page."""

from __future__ import annotations

from urllib.parse import urlsplit

from board_driver.sim import SimBoard, parse_sim_url
from bot.cli.errors import UsageError
from bot.cli.numbers import SEED_MAX
from bot.cli.paths import refusing
from bot.config import Config
from engine.core.errors import clip, excerpt

URL_LIMIT = 512
"""The longest board address taken: a device path or a sim:// URL with every option is far shorter."""
NETWORK_SCHEMES = ("socket", "rfc2217")
"""pyserial's network schemes: each needs HOST:PORT."""


def board_problem(url: str) -> str | None:
    """Why `url` cannot name a board, or None. A device path is left to the opening, which says what it finds."""
    if not url.strip() or "\0" in url:
        return f"{excerpt(url)} names no board"
    if len(url) > URL_LIMIT:
        return f"a board address of {len(url):,} characters: more than {URL_LIMIT} is not one"
    scheme = url.partition("://")[0].lower() if "://" in url else ""
    if scheme == "sim":
        try:
            _, options = parse_sim_url(url)
            SimBoard(**options)
        except ValueError as exc:
            return clip(str(exc), 200)
        seed = options["faults"].seed if "faults" in options else None
        if seed is not None and not 0 <= seed <= SEED_MAX:  # as every --seed: not echoed whole, not wrapped
            return f"seed {excerpt(str(seed))} in a sim:// address is not a whole number from 0 to {SEED_MAX}"
    elif scheme in NETWORK_SCHEMES:
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError:
            port = None
        if not parts.hostname or port is None or port == 0:
            return f"{excerpt(url)} needs a host and a port from 1 to 65535: {scheme}://HOST:PORT"
    return None


board_url = refusing(board_problem)
"""An argparse type for --board and --port (see board_problem)."""


def configured_board(config: Config) -> str | None:
    """The config's [board] port, checked as --board is; UsageError naming the config file when it cannot be one."""
    port = config.board_port
    problem = None if port is None else board_problem(port)
    if problem is not None:
        raise UsageError(f"[board] port in {config.source}: {problem}")
    return port
