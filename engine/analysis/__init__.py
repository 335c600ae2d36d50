"""What helps a player get better: the discard analyzer, coaching, deal reviews, counting practice, the hand
distribution and the chance of winning."""
