"""``python -m firefight``: the command line, as the installed ``firefight`` script runs it."""

from firefight.cli import main

main()
