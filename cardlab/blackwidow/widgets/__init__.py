"""Black Widow's widgets: the play table, its set-up form and score sheet, its stepper story."""
