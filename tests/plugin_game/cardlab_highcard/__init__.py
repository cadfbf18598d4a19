"""High Card: a third, small game that lives outside cardlab and plugs in through entry points.

Each seat is dealt a few spades; in every round each seat plays one card in
turn, and the highest card takes the round. Whoever takes most rounds wins.
It exists to prove that a game is one package plus its entry points
(``cardlab.games`` for the entry, ``cardlab.catalogues`` for its messages):
nothing in cardlab names it.
"""
