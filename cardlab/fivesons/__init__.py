"""The King of Hearts Has Five Sons: a deduction game, a likely ancestor of Cluedo."""
