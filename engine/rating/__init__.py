"""Members' standing: Glicko-2 ratings (`glicko2`), which finished games are rated and how (`rated`), and the
marks and season changes made from a rating (`standing`). Pure: the bot stores the values and calls these."""
