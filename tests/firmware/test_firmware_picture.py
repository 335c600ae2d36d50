"""What the reference firmware lights (firmware/pegboard/picture.py): literal LED indexes and colours."""

from hypothesis import given
from hypothesis import strategies as st

from firmware.pegboard import layout, picture
from firmware.pegboard.core import Track

RED, BLUE = 0xFF2020, 0x2060FF
PEGS = [Track(87, 80, RED), Track(95, 91, BLUE)]
STRAIGHT = layout.straight()
TRADITIONAL = layout.traditional()
assert TRADITIONAL is not None


def test_front_pegs_bright_back_pegs_dim_on_a_straight_board() -> None:
    assert picture.lights(STRAIGHT, PEGS) == {
        87: (255, 32, 32), 80: (64, 8, 8),      # track 1 runs forwards: LED = hole
        148: (32, 96, 255), 152: (8, 24, 64),   # track 2 runs backwards: LED = 122 + 121 - hole
    }


def test_the_same_pegs_on_a_traditional_board() -> None:
    assert picture.lights(TRADITIONAL, PEGS) == {
        26: (255, 32, 32), 19: (64, 8, 8),      # 87 and 80 on the second lap: (hole - 1) % 60
        87: (32, 96, 255), 91: (8, 24, 64),     # track 2 from LED 61 backwards: 61 + 60 - (hole - 1) % 60
    }


def test_pegs_at_the_start_light_nothing_and_brightness_scales_every_channel() -> None:
    assert picture.lights(STRAIGHT, [Track(0, 0, RED), Track(0, 0, BLUE)]) == {}
    assert picture.lights(STRAIGHT, [Track(5, 0, RED)], brightness=128) == {5: (128, 16, 16)}
    assert picture.lights(STRAIGHT, [Track(5, 0, RED)], brightness=0) == {5: (0, 0, 0)}


def test_a_highlighted_front_peg_pulses_once_a_second() -> None:
    pegs = [Track(87, 80, RED, True)]
    assert picture.lights(STRAIGHT, pegs, now_ms=0)[87] == (255, 32, 32)
    assert picture.lights(STRAIGHT, pegs, now_ms=250)[87] == (159, 19, 19)
    assert picture.lights(STRAIGHT, pegs, now_ms=500)[87] == (64, 8, 8)
    assert picture.lights(STRAIGHT, pegs, now_ms=1000)[87] == (255, 32, 32)
    assert picture.lights(STRAIGHT, pegs, now_ms=500)[80] == (64, 8, 8)  # the back peg never pulses


def test_the_skunk_line_crosses_every_lit_track_but_a_peg_wins() -> None:
    lit = picture.lights(STRAIGHT, PEGS, skunk=91)
    assert lit[91] == picture.SKUNK              # track 1, hole 91
    assert lit[152] == (8, 24, 64)               # track 2's back peg sits on 91
    assert picture.lights(STRAIGHT, [Track(0, 0, RED), Track(0, 0, 0)], skunk=61) == {61: (96, 96, 96)}


def test_the_winner_flashes_its_whole_track_twice_a_second() -> None:
    pegs = [Track(121, 118, RED), Track(86, 80, BLUE)]
    on = picture.lights(STRAIGHT, pegs, winner=0, budget_ma=100_000)
    assert {i for i, c in on.items() if c == (48, 6, 6)} == set(range(1, 121)) - {118}
    assert on[121] == (255, 32, 32) and on[118] == (64, 8, 8) and 0 not in on
    assert picture.lights(STRAIGHT, pegs, winner=0, now_ms=250, budget_ma=100_000) == picture.lights(STRAIGHT, pegs)
    assert picture.lights(STRAIGHT, pegs, winner=0, now_ms=500, budget_ma=100_000) == on


def test_a_dark_track_lights_nothing_even_with_pegs_a_win_or_a_skunk_line() -> None:
    assert picture.lights(STRAIGHT, [Track(5, 2, 0, True), Track(0, 0, BLUE)], winner=0, skunk=5) == {
        238: (96, 96, 96)}  # only track 2's skunk hole: LED 122 + 121 - 5


def test_while_the_host_is_quiet_the_start_holes_breathe() -> None:
    quiet = picture.lights(STRAIGHT, PEGS, quiet=True)
    assert quiet[0] == (160, 20, 20) and quiet[243] == (20, 60, 160)      # at the top of a breath
    assert {k: v for k, v in quiet.items() if k not in (0, 243)} == picture.lights(STRAIGHT, PEGS)
    assert 0 not in picture.lights(STRAIGHT, PEGS, quiet=True, now_ms=2000)  # the bottom: off
    assert picture.lights(STRAIGHT, PEGS, quiet=True, now_ms=1000)[0] == (79, 9, 9)


def test_without_start_leds_the_game_holes_breathe_unless_a_peg_is_there() -> None:
    quiet = picture.lights(TRADITIONAL, PEGS, quiet=True)
    assert quiet[60] == (160, 20, 20) and quiet[61] == (20, 60, 160)
    won = picture.lights(TRADITIONAL, [Track(121, 118, RED), Track(86, 80, BLUE)], quiet=True)
    assert won[60] == (255, 32, 32)


def test_animated_says_when_the_picture_moves() -> None:
    assert not picture.animated(PEGS, None, False)
    assert picture.animated(PEGS, 0, False)
    assert picture.animated(PEGS, None, True)
    assert picture.animated([Track(5, 0, RED, True)], None, False)
    assert not picture.animated([Track(0, 0, RED, True), Track(5, 0, 0, True)], None, False)


# -- the power cap ---------------------------------------------------------------------------------

def test_the_current_estimate_is_20_ma_per_channel_plus_1_ma_per_led() -> None:
    assert picture.current_ma({}, 244) == 244
    assert picture.current_ma({0: (255, 255, 255)}, 244) == 244 + 60
    assert 243 * 60 == 14580  # a whole 243-LED strip at full white: about 14.6 A


def test_the_cap_scales_every_colour_to_fit_the_budget() -> None:
    white = {i: (255, 255, 255) for i in range(10)}   # 244 + 600 mA: over 450
    capped = picture.capped(white, 244, 450)
    assert capped == {i: (87, 87, 87) for i in range(10)}  # 255 * (2626 - 10) // 7650
    assert picture.current_ma(capped, 244) <= 450
    assert picture.capped({0: (255, 0, 0)}, 244, 450) == {0: (255, 0, 0)}   # under budget: untouched


def test_when_the_dark_leds_alone_exceed_the_budget_the_picture_is_dimmed_not_blanked() -> None:
    white = {i: (255, 255, 255) for i in range(10)}
    assert picture.capped(white, 500, 450) == {i: (8, 8, 8) for i in range(10)}  # MIN_COLOUR_MA: 255 units
    assert picture.capped({0: (1, 0, 0), 1: (0, 0, 0)}, 500, 450) == {0: (1, 0, 0), 1: (0, 0, 0)}
    many = {i: (3, 9, 200) for i in range(250)}  # 255 units for 250 LEDs: each keeps 1 in its strongest channel
    assert picture.capped(many, 500, 0) == {i: (0, 0, 1) for i in range(250)}


def test_a_winning_track_on_usb_is_dimmed_alike_in_every_frame_and_a_5v_supply_lifts_the_cap() -> None:
    pegs = [Track(121, 118, RED), Track(86, 80, BLUE)]
    cap = picture.power(STRAIGHT, pegs, 255, 0, None, 450)
    # 119 flashing LEDs, 4 pegs and 2 breathing start holes want 8458 channel units at their brightest;
    # 450 mA leaves (450 - 244) * 255 // 20 = 2626, less 1 kept for each of the 125 LEDs
    assert (cap.peak, cap.allowed, cap.lit, cap.wanted_ma, cap.field()) == (8458, 2626, 125, 908, "908/450")
    assert cap.dimmed and not cap.over
    usb = picture.lights(STRAIGHT, pegs, winner=0)
    assert usb[121] == (255 * 2501 // 8458, 32 * 2501 // 8458, 32 * 2501 // 8458) == (75, 9, 9)
    assert usb[1] == (14, 1, 1) and usb[157] == (9, 28, 75) and usb[118] == (18, 2, 2)
    assert round(picture.current_ma(usb, 244), 1) == 413.3
    off = picture.lights(STRAIGHT, pegs, winner=0, now_ms=250)  # the flash off: the pegs do not brighten
    assert off == {121: (75, 9, 9), 118: (18, 2, 2), 157: (9, 28, 75), 163: (2, 7, 18)}
    supply = picture.lights(STRAIGHT, pegs, winner=0, budget_ma=3500)
    assert supply[121] == (255, 32, 32)
    assert picture.power(STRAIGHT, pegs, budget_ma=450).field() == "348/450"  # no winner: 244 + 104 mA fits


@given(st.dictionaries(st.integers(0, 243), st.tuples(*[st.integers(0, 255)] * 3), max_size=244),
       st.integers(0, 20_000))
def test_the_cap_never_lets_the_estimate_past_the_budget(lit: dict[int, tuple[int, int, int]],
                                                         budget: int) -> None:
    capped = picture.capped(lit, 244, budget)
    lit_leds = sum(1 for rgb in lit.values() if rgb != (0, 0, 0))
    if budget >= 244 + picture.MIN_COLOUR_MA and lit_leds <= (budget - 244) * 255 // 20:
        assert picture.current_ma(capped, 244) <= budget + 1e-9
    for index, (r, g, b) in capped.items():
        assert r <= lit[index][0] and g <= lit[index][1] and b <= lit[index][2]
        assert (r, g, b) != (0, 0, 0) or lit[index] == (0, 0, 0)  # nothing the picture lights goes dark
