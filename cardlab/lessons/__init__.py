"""The course's exercises, checkers, charts and printables: what the lesson notebooks use.

Each lesson's checkers live in their own module (`counting`, `worlds`,
`deduction`, `questions`, `cardcounting`, `playing`); `exercises` holds the
exercise box they all share, and `printable` the notes sheets for class.
"""
