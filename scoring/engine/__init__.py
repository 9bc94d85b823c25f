"""The Tarokklub scoring engine: pure Python, no Django.

Everything that computes a payment lives here (docs/rules/danish.md); the Django app only persists and shows
what this package returns.
"""
