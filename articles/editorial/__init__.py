"""Editorial work: the workflow verbs, roles, review of machine findings, history, the demo."""
