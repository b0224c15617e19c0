"""The small core beside the models: visibility, story writes and the audit trail."""
