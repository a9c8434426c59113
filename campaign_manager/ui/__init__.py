"""The Qt layer: windows, dialogs and item models over the Qt-free core. Nothing here holds rules."""
