"""The daily hand: the problems (`problem`), how a hand is judged worth posing (`judge`), which kind of problem
each weekday asks (`schedule`), the pool of a year of problems (`pool`), its file (`poolfile`) and the one shipped
in the package (`shipped`), and a member's answer scored (`verdict`). Pure but for reading the shipped file: the
bot posts, stores and times; this decides. docs/ratings.md says the rules for players."""
