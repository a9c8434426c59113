"""The Qt layer: windows, dialogs and item models over the Qt-free core. Nothing here holds rules."""

from campaign_manager.ui.none_guard import hold_none

hold_none()  # before any Qt call: see none_guard.py
