"""HTML pages, a module per subject."""
