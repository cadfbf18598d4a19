"""Helpers the test modules share, one job a module; a test module imports from here,
never from another test module.

- `cli`: `cardlab` run as a process, and its one-line errors.
- `network`: a free local port.
- `records`: legal cardlab/1 documents of both games.
- `malformed`: every malformed record of the tests, with the error it must give.
- `blackwidow`: scripted Black Widow deals and games.
- `fivesons`: a fixed Five Sons deal, random games, brute-force deduction.
- `stores`: throwaway SQLite and PostgreSQL stores for the classroom.
- `table_processes`: processes that play a classroom table from its store.
- `classroom_pages`: a `cardlab classroom` server and its pages, driven by Playwright.
- `keyboard`: a page's buttons pressed by the keyboard.
"""
