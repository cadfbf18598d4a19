"""Black Widow (American Hearts) for 3 to 6 players."""
