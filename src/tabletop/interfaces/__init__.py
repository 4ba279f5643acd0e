"""Front ends: the command line, terminal views and (later) the web."""
