"""Connecting articles into stories: placement, joining quotes, evidence and checks,
restructuring."""
