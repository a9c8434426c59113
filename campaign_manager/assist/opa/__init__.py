"""Opa Opa (Greek War of Independence) assist module: fire, hit checks, rally and reaction,
close combat and the order-card reference. Qt-free; tables come from resources/assist/opa.toml."""
