"""Daily pushes: when they are due, and the pacing of everything the bot sends (pure parts)."""
