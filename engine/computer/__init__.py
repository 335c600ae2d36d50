"""The computer players, from `greedy` to `expert`, the reference strategy, self-play and the arena."""
