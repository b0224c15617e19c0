"""Public pages, feeds, sitemaps and JSON-LD: what readers see."""
