"""The games. Each package holds pure rules and its data files; nothing here imports an outer layer."""
