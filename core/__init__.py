"""What the apps share and settings are not: errors, caching, API plumbing, sign-in.

It imports no app of Frontier (the architecture test holds it): an app registers what core
must know of it, as the campaign and the chase register their rule errors.
"""
