"""firefight: a rules engine for firearms combat in tabletop role-playing games."""

__version__ = "0.1.0"
