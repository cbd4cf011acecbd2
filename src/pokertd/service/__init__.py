"""Services: where time and randomness enter pokertd, and where commands meet storage."""
