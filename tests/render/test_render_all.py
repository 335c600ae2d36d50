"""Every gallery picture: the same bytes every time (with or without the card cache), and small."""

from __future__ import annotations

import pytest

from render.cards import back_image, card_image
from render.gallery import gallery

PICTURES = gallery()


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_deterministic_and_small(name: str) -> None:
    first = PICTURES[name]()
    card_image.cache_clear()
    back_image.cache_clear()
    again = PICTURES[name]()
    assert first == again
    assert len(first) < 150 * 1024
