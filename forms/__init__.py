"""The app's Qt Designer forms, shipped as the package `campaign_manager.forms` and loaded by
`campaign_manager.ui.forms`."""
