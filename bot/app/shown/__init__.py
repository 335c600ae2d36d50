"""What people see: the replies and their parts (`replies`), the presenter that builds them (`presenter.Presenter`),
the narration of a deal (`narrate`), the pictures (`pictures`), refusals in words (`refusals`), the rules and
reviews in words (`rule_words`, `learn_text`), and the controls' custom ids (`ids`)."""
