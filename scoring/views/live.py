"""The evening live: the fragments the evening page and the table page poll every few seconds (htmx
``hx-trigger="every 5s"``) to show every table's deals, totals, cups and dealer without a reload.

Each fragment answers a conditional GET. Its ETag comes from ``live_tables.evening_state`` (one query: the
evening's tables' versions and its close), so an unchanged poll costs the session, the user, the
club membership and that query, and answers 304 with no body; the browser keeps the fragment it has
(``static/js/live.js`` swaps nothing then). Only a changed evening is read and rendered again, once
for all the phones polling it (``_shared``).
``manage.py bench`` measures an unchanged poll against its budget (30 phones every 5 s under 5 % of
one core).
"""
from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseStopPolling

from scoring import access
from scoring.language import active_language
from scoring.models import Evening, Role
from scoring.selectors import live_tables

from .evening_tables import evening_tables

#: Part of every ETag: bump it when a fragment's markup changes, so that no browser keeps the old one.
MARKUP = 1
#: How long a rendered fragment is kept for the other phones polling the same state.
SHARED_SECONDS = 60


def _cached(response: HttpResponse, etag: str) -> HttpResponse:
    """The browser may keep the fragment but must ask each time (``no-cache``: revalidate with
    If-None-Match); private, as it is one member's view of his club."""
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie",))
    return response


def _state(request, evening_pk: int | None = None, *, table_pk: int | None = None) -> live_tables.EveningState:
    """The evening's state after the access check: outsiders get 404, as everywhere (``access``)."""
    state = live_tables.evening_state(evening_pk, table_pk=table_pk)
    if state is None:
        raise Http404
    access.require(request.user, state.club_id, Role.MEMBER)
    return state


def _logged_out(request):
    """A poll whose session has expired answers 401 (``live.js`` then shows "log in again" and the
    page keeps what it shows); a page opened by hand goes to the login page as everywhere."""
    if request.headers.get("HX-Request"):
        return HttpResponse(status=401)
    return redirect_to_login(request.get_full_path())


def _can_record(request, state: live_tables.EveningState) -> bool:
    return not state.closed and access.can(request.user, state.club_id, Role.SCOREKEEPER)


def _evening_etag(request, state: live_tables.EveningState, can_record: bool) -> str:
    return state.etag("evening", MARKUP, active_language(), can_record)


def _others_etag(request, state: live_tables.EveningState, table_pk: int) -> str:
    return state.etag("others", MARKUP, active_language(), table_pk)


def page_etag(request, *, evening_pk: int | None = None, table_pk: int | None = None) -> str:
    """The ETag of the fragment as a page shows it first (the evening page's tables, or with
    ``table_pk`` the table page's other tables): ``live.js`` swaps in a poll only when its ETag
    differs. Read before the page reads what it shows, so that a write in between makes the next
    poll a change rather than hiding it."""
    state = live_tables.evening_state(evening_pk, table_pk=table_pk)
    if state is None:
        return ""
    if table_pk is not None:
        return _others_etag(request, state, table_pk)
    return _evening_etag(request, state, _can_record(request, state))


@login_not_required   # checked here: an expired session's poll must not be redirected into the page
@require_GET
def evening_live(request, pk: int):
    """The evening page's tables: per table its deals, the time of the last one, the running totals,
    the cups and who deals now."""
    if not request.user.is_authenticated:
        return _logged_out(request)
    state = _state(request, pk)
    can_record = _can_record(request, state)
    etag = _evening_etag(request, state, can_record)
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return _cached(unchanged, etag)
    if state.closed:
        # closed while the page was open: the fragment says so and htmx stops polling (286)
        return HttpResponseStopPolling(_evening_fragment(request, pk, can_record))
    return _cached(HttpResponse(_shared(etag, lambda: _evening_fragment(request, pk, can_record))), etag)


def _evening_fragment(request, pk: int, can_record: bool) -> str:
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    tables, summary = evening_tables(evening)
    return render_to_string("scoring/partials/_evening_live.html", {
        "evening": evening, "tables": tables, "mixed": summary.mixed, "can_record": can_record}, request)


def _shared(etag: str, render_fragment) -> str:
    """The fragment of this ETag, rendered once for every phone that polls it (the cache, per
    process): after a save each watcher's next poll is a change, and the whole evening is read and
    rendered once instead of once per phone. The ETag names the evening, its state and everything
    else the markup depends on, so a kept fragment is never another's."""
    key = f"live-fragment:{etag}"
    text = cache.get(key)
    if text is None:
        text = render_fragment()
        cache.set(key, text, SHARED_SECONDS)
    return text


@login_not_required
@require_GET
def table_others(request, pk: int):
    """The table page's line of the evening's other tables: deals, who deals now, the last one's time."""
    if not request.user.is_authenticated:
        return _logged_out(request)
    state = _state(request, table_pk=pk)
    etag = _others_etag(request, state, pk)
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return _cached(unchanged, etag)
    def fragment() -> str:
        evening = get_object_or_404(Evening, pk=state.pk)
        return render_to_string("scoring/partials/_other_tables.html", {"others": other_tables(evening, pk)}, request)

    return _cached(HttpResponse(_shared(etag, fragment)), etag)


def other_tables(evening: Evening, table_pk: int) -> list[live_tables.TableStatus]:
    return [s for s in live_tables.table_statuses(evening) if s.pk != table_pk]
