"""The table side that is not a view: the one-time submission keys of every writing form
(``submissions.py``), the rules for two phones recording the same table (``conflicts.py``), what
voiding a deal does to the sheet (``voiding.py``), and what the table page hands its offline queue
and service worker (``sync.py``, ``offline.py``)."""
