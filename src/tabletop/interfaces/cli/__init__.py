"""The ``tabletop`` command line (Typer + Rich)."""
