"""The course's exercises, checkers, charts and printables: what the lesson notebooks use.

Each lesson's checkers live in their own module, named like its notebook
(`cards_and_counting` for lesson 2, `worlds`, `deduction`, `questions`,
`counting_cards` for lesson 8, `playing`); `exercises` holds the exercise box
they all share, and `printable` the notes sheets for class. The exact deal
counter they rely on is `cardlab.deal_counting`.
"""
