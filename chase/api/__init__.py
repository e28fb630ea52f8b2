"""The canoe games' REST API: a module per subject (sessions, odds, ratings, lab);
chase.api.urls routes them under /api/."""
