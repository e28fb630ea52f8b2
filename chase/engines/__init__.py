"""The canoe games' engines: one package per game, plain Python that imports nothing of Django
or the app (`base.py` is the contract every engine follows, `chance.py` the dice and cards).

A game is its package, `chase/engines/<kind>/`: its rules, its seat view, its computer and its
`game.py` (its drawing and the `GAME` it registers: the engine itself and what the pages need);
chase/games.py registers that one object in `GAMES` (its docstring says how to add one).
`standings.py` is what a finishing order is (the ratings'), `odds.py` the win odds, `lab.py`
the balance lab's arithmetic: each reads what a game's engine declares, never its kind.
"""
