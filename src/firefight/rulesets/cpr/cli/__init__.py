"""The cpr command line: ``firefight cpr ...`` and ``firefight odds cpr ...``."""
