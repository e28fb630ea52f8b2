"""HTML pages of the canoe games under /play/: a module per subject (sessions, odds, ratings,
lab); chase.urls routes them."""
