"""Five Sons' pictures: the round table, the notes sheet and the possible worlds, as SVG."""
