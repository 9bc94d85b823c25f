"""A minimal game family used only by the tests: the proof that adding a family is adding one
folder and one ``INSTALLED_APPS`` line (docs/families.md, "Adding a family").

Its rules, in full (there is no page in docs/rules/ for it: no club plays it):

1. Two to four players. The dealer passes to the left (the next seat) after every deal.
2. A deal records every player's count, a whole number from 0 to ``MAX_COUNT``. The single highest
   count wins; a tie for the highest count cannot be recorded.
3. The winner receives the card's ``win`` from each other player and pays the card's ``fee`` into
   the family's own pot, the ``kitty``.
4. At the end of the evening the kitty goes to the player with the lowest total (the earlier seat on
   a tie), so the evening sums to zero and the kitty ends empty.
"""
