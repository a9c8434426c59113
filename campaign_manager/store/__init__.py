"""Storage: one SQLite file per campaign or assist game, holding an append-only action log."""
