"""The course's exercises, checkers, charts and printables: what the lesson notebooks use.

Each lesson's checkers live in their own module, named like its notebook
(`cards_and_counting` for lesson 2, `worlds`, `deduction`, `questions`,
`counting_cards` for lesson 8, `playing`); `exercises` holds the exercise box
they all share, `printable` the notes sheets for class, and `worksheet` (with `harvest`,
which runs a lesson's notebook for its goals and exercises) a lesson's worksheet and answer
key to print. The exact deal
counter they rely on is `cardlab.deal_counting`.
"""
