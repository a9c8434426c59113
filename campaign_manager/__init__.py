"""Firestorm Campaign Manager: a Qt-free core (scenario, engine, store, assist engines, CLI)
with a thin Qt layer in `campaign_manager.ui`.

`campaign_manager.__version__` is read from the installed package's metadata, so the version
is written once, in pyproject.toml.
"""

DISTRIBUTION = "firestorm-campaign-manager"


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def __getattr__(name: str) -> str:
    if name == "__version__":
        found = globals()["__version__"] = _version()
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
