"""Leagues: seasons of events scored by a points formula, and the standings they add up to."""
