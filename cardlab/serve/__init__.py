"""`cardlab serve`: Voilà behind a gallery page, a Host check and a kernel cap.

`cardlab.gallery.serve` is the entry point; the modules here each do one job:
`hosts` (which Host headers are answered), `entries` (what each notebook is
about), `pages` (the HTML cardlab itself writes) and `server` (Voilà, wired
together; importing it loads Voilà and Jupyter Server).
"""
