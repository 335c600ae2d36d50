"""The computer players of three- and four-player games (partnerships at four): their discards, pegging and reading
of the other seats, the race estimate of who wins from given scores, and the group arena."""
