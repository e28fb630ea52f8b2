"""The canoe games' engines: one package per game, plain Python that imports nothing of Django
or the app (`base.py` is the contract every engine follows, `chance.py` the dice and cards).

Each game is registered, with its board and role names, in chase/games/ (its module docstring
says how to add one).
"""
