"""core has no tables of its own. The module is here because Django sends the migrate signals
(pre_migrate, post_migrate) only to apps with a models module, and core.apps listens to them
to lift and restore the content-version triggers around a migration."""
