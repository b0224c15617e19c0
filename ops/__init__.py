"""Operations: throttled logins, health checks, request ids and logging, backup and restore.

This app imports no other project module, so any tier may use it (the ingest service logs
its import summaries through ``ops.logs``).
"""
