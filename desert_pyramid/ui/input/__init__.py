"""Input: the key table (which the help screen also reads) and game controllers."""
