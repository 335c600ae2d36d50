import itertools
from collections.abc import Iterator

import pytest

from board_driver import sim

_names = itertools.count()


@pytest.fixture
def board_name() -> Iterator[str]:
    """A fresh sim:// name, removed from the registry afterwards."""
    name = f"test-{next(_names)}"
    yield name
    sim.remove_board(name)
