"""Assist modules: Qt-free calculators and trackers for other Greek wargames."""
