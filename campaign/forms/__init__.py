"""Forms, a module per subject, like the views: they parse and check input; never write."""
