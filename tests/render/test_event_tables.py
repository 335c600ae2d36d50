"""A club night's pictures: drawn 560 wide (read on a phone at about 400), a row a table or an entrant, and a long
table cut at 16 rows with one more line counting the rest."""

from io import BytesIO

from PIL import Image

from render.event_tables import MOST, PairingRow, PlaceRow, TableWords, pairings_png, places_png


def size(png: bytes) -> tuple[int, int]:
    return Image.open(BytesIO(png)).size


def test_pairings_and_standings_are_a_row_each_and_a_long_table_is_cut_with_a_count() -> None:
    words = TableWords("Round 2 of 9", "9 games to 121", ("pts", "W-L", "spread"))
    two = [PairingRow("1", "computer 2 (easy)", "computer 1 (easy)", "121-115"), PairingRow("", "eve", "")]
    assert size(pairings_png(two, words)) == (560, 100 + 2 * 40 + 18)
    many = [PairingRow(str(i), f"member {i}", f"member {i + 100}") for i in range(1, 129)]
    assert size(pairings_png(many, words)) == (560, 100 + MOST * 40 + 40 + 18)
    places = [PlaceRow(i, "x" * 200, (str(2 * i), "1-1", "+7")) for i in range(1, 5)]  # a long name is cut
    assert size(places_png(places, words)) == (560, 278)
    assert size(places_png([], words)) == (560, 158)


def test_a_seasons_places_list_the_unranked_after_with_their_mark_and_an_empty_season_says_so() -> None:
    words = TableWords("Season 1 (2026-12), final standings:", "2026-12", ("rating", "games"), unranked="?",
                       none="Nobody played a rated game this season.")
    season = [PlaceRow(1, "ann", ("1544", "2")), PlaceRow(0, "eve", ("1590", "1"))]
    drawn, empty = Image.open(BytesIO(places_png(season, words))), Image.open(BytesIO(places_png([], words)))
    assert (drawn.size, empty.size) == ((560, 100 + 2 * 40 + 18), (560, 158))
    mark = drawn.crop((18, 140, 50, 180)).convert("L")  # the second row's place: the mark, in muted ink
    assert mark.getextrema()[1] > 120
    said = empty.crop((18, 100, 400, 140)).convert("L")  # the empty season's line
    heads = empty.crop((400, 70, 560, 100)).convert("L")  # no column heads over no rows
    assert (said.getextrema()[1] > 120, heads.getextrema()[1] < 60) == (True, True)
