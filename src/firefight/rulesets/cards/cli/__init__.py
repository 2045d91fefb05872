"""The cards command line: ``firefight cards ...`` and ``firefight odds cards ...``."""
