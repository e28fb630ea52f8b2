"""The canoe games' engines: one package per game, plain Python that imports nothing of Django
or the app (`base.py` is the contract every engine follows, `chance.py` the dice and cards).

A game is its package, `chase/engines/<kind>/`: its rules, its seat view, its computer and its
`game.py` (its drawing and the `GAME` it registers); chase/games.py registers it by one line
(its docstring says how to add one).
"""
