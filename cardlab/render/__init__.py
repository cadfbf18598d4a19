"""Pure functions from models to SVG strings: no widgets, no I/O."""
