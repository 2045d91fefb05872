"""gurps's command line: ``firefight gurps ...`` (:mod:`.commands`) and ``firefight odds gurps
...`` (:mod:`.odds`), each mounted lazily through the ruleset's seams."""
