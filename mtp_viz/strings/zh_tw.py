"""Traditional Chinese (Taiwan) texts, keyed as in en.py. Knows no code; terms follow the seeds' Chinese documents."""
STRINGS: dict[str, str] = {
}
