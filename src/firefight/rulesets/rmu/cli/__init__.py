"""The rmu command line: ``firefight rmu ...`` and ``firefight odds rmu ...``."""
