"""What the club reads off the stored evenings, printed or listed: the evening and standings PDFs
(``pdf.py``, laid out by the helper process of ``pdf_worker.py``), the season report
(``season.py``) and its SVG charts (``charts.py``), and the django-tables2 listings with their CSV
and XLSX exports (``listings.py``), paged by ``paging.py``. Each reads through the selectors and
writes nothing."""
