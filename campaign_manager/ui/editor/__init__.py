"""The scenario editor (Scenario ▸ Edit): a scenario on its map and as tables, checked as it is
edited by the one scenario check, saved as a scenario of the user's own. The window is in
window.py; the document it edits in document.py; the tables declared in columns.py."""
