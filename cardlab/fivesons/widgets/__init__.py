"""Five Sons' widgets: the play table, the notes sheet, the assistant, the worlds explorer,
the round picture and the stepper's story."""
