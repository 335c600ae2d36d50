from bot.app.shown.learn_text import drill_prompt, practice_feedback, review_text, tally_text
from engine.analysis.practice import Tally, check, deal_drill
from engine.computer.review import DealReview, DiscardReview, WinCost, review_game_deal
from engine.core.cards import parse_card, parse_cards
from engine.core.scoring import score_hand
from tests.engine.computer.test_review import NO_TABLE, finished_deal


def breakdown(hand: str, starter: str, crib: bool = False):
    return score_hand(parse_cards(hand), parse_card(starter), crib)


def test_drill_prompts() -> None:
    assert drill_prompt(deal_drill(7), "en") == "Count this hand: 3♣ 8♥ 10♠ K♥, starter 4♠."
    assert drill_prompt(deal_drill(7, crib=True), "zh-CN") == \
        "数一数这副底牌：3♣ 8♥ 10♠ K♥，起始牌 4♠（底牌同花须五张全同花）。"


def test_feedback_for_a_missed_nobs_with_the_running_accuracy() -> None:
    result = check(28, breakdown("5H 5C 5D JS", "5S"))
    tally = Tally(3, 2, 0, 0).record(result)
    assert practice_feedback(result, tally, "en").splitlines() == [
        "You said 28; it is 29. You missed 1.",
        "Probably missed: his nobs J♠ (1).",
        "Look for the jack of the starter's suit: one for his nobs.",
        "Your counting: 2 of 4 exact (50%); points missed 1, over-claimed 0.",
    ]
    assert practice_feedback(result, None, "zh").splitlines()[:2] == [
        "你报了 28 分，实际是 29 分，漏了 1 分。", "可能漏掉的：右杰克（nobs）J♠（1 分）。"]


def test_feedback_for_exact_over_and_unexplained_counts() -> None:
    assert practice_feedback(check(29, breakdown("5H 5C 5D JS", "5S"))) == "Right: 29."
    assert practice_feedback(check(4, breakdown("2H 4H 6H 8H", "KS", crib=True))).splitlines() == [
        "You said 4; it is 0. That is 4 too many.", "A crib needs all five cards of one suit for a flush."]
    assert practice_feedback(check(1, breakdown("2H 4H 6H 8H", "KS"))).splitlines()[1] == \
        "No single set of items makes 3: check every item below."
    assert tally_text(Tally()) == "Counting: no practice yet."


def test_a_review_in_both_languages() -> None:
    review = review_game_deal(finished_deal(), 0, 1, table=NO_TABLE)
    assert review_text(review, "en").splitlines() == [
        "Your review of deal 1",
        "Lay-away: A♠ 2♥ (11.7 expected), choice 3 of 15. Best: 4♣ A♠ (12.9). Cost: 1.2 points.",
        "Chance of winning unavailable: no win-probability table is installed.",
        "Pegging plays that gave points away (7 in all):",
        "• At 5, 4♣ scored 0 and let your opponent reply for 5; 9♠ was 5 better.",
        "• Leading 8♦ let your opponent reply for 2; 9♠ was 2 better.",
    ]
    zh = review_text(review, "zh").splitlines()
    assert zh[0] == "第 1 副牌复盘" and zh[-1] == "• 首出 8♦ 让对手回应得 2 分；首出 9♠ 会好 2 分。"
    clean = review_text(review_game_deal(finished_deal(), 0, 0, table=NO_TABLE), "en").splitlines()
    assert clean[1] == "Lay-away: K♦ Q♣, the analyzer's best (5.7 expected)."
    assert clean[-1] == "Pegging: no play gave points away."


def test_a_review_with_win_chances() -> None:
    review = review_game_deal(finished_deal(), 0, 1, table=NO_TABLE)
    best, cards = review.discard.best, review.discard.cards
    costly = DealReview(0, 1, True, (40, 50), DiscardReview(cards, True, review.discard.chosen, best, 3,
                                                          WinCost(0.412, best, 0.45, 0.02, 400)), ())
    assert review_text(costly, "en").splitlines()[2] == \
        "Chance of winning: 41.2% with your lay-away, 45.0% with 4♣ A♠: it cost 3.8% (400 deals played out)."
    free = DealReview(0, 1, True, (40, 50), DiscardReview(cards, True, best, best, 1,
                                                        WinCost(0.45, best, 0.45, 0.02, 400)), ())
    assert review_text(free, "zh").splitlines()[2] == "胜率：你的弃法不比任何弃法差（45.0%）。"
