"""The SQLite store (aiosqlite): connection, numbered migrations, one repository per concept."""
