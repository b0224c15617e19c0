"""Getting articles in: parse files, feeds, pages and URLs into payloads (``parsers``), fetch
URLs safely (``fetch``), and store each payload in its own transaction (``service``)."""
