"""A Greek Tragedy (World at War 7) assist module: combat and air calculators, the activation
cup and the port capacity tracker. Qt-free; the tables live in resources/assist/agt*.toml."""
