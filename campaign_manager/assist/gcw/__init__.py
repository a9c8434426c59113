"""The Greek Civil War 1947-49 ("Andartes") assist module: the conflict calculator and the
Political Index tracker. Qt-free; charts come from resources/assist/gcw.toml and the owner's
resources/assist/gcw_owner_charts.toml."""
