"""Club nights, leagues and knockouts run the way cribbage clubs run them (docs/events.md): the American Cribbage
Congress's game points and spread (`scoring`), the table of an event (`standings`), Swiss pairings (`swiss`), a
league's round robin (`league`), knockout brackets and matches (`knockout`, `matches`) and duplicate deals
(`duplicate`); what they refuse, as codes (`problems`). Pure: the bot stores the values and calls these."""
