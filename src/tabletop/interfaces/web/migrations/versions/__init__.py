"""The migrations, oldest first: ``v0001_baseline``, ``v0002_lazy_rooms``."""
