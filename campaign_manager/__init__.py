"""Firestorm Campaign Manager: a Qt-free core (scenario, engine, store, assist engines, CLI)
with a thin Qt layer in `campaign_manager.ui`."""

__version__ = "0.1.0"
