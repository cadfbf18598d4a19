"""Thin ipywidgets views: they hold a model, re-render it, and show errors as messages."""
