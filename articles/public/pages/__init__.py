"""The page read layer, one module per page part; each returns plain objects for templates."""
