"""German texts, keyed as in en.py. Knows no code; terms follow the seeds' German document."""
STRINGS: dict[str, str] = {
}
