"""The daily hand: the problems (`problem`), how a hand is judged worth posing (`judge`), which kind of problem
each weekday asks (`schedule`), the pool of a year of problems and its file (`pool`, `poolfile`), and a member's
answer scored (`verdict`). Pure: the bot posts, stores and times; this decides."""
