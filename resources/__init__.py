"""The app's bundled data (scenarios, assist tables, fonts, icons), shipped as the package
`campaign_manager.resources` and read through `campaign_manager.paths`."""
