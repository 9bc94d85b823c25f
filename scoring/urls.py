from django.urls import path

from .views import club, evening, live, stats, sync, table

app_name = "scoring"
urlpatterns = [
    path("", evening.home, name="home"),
    path("evenings/new/", evening.evening_new, name="evening_new"),
    path("evenings/import/", evening.evening_import, name="evening_import"),
    path("evenings/<int:pk>/", evening.evening_detail, name="evening_detail"),
    path("evenings/<int:pk>/tables/new/", evening.table_new, name="table_new"),
    path("evenings/<int:pk>/tables/import/", evening.table_import, name="table_import"),
    path("evenings/<int:pk>/close/", evening.evening_close, name="evening_close"),
    path("evenings/<int:pk>/live/", live.evening_live, name="evening_live"),
    path("evenings/<int:pk>/pdf/", evening.evening_pdf, name="evening_pdf"),
    path("tables/<int:pk>/", table.table_detail, name="table_detail"),
    path("tables/<int:pk>/sync/", sync.table_sync, name="table_sync"),
    path("sw.js", sync.service_worker, name="service_worker"),
    path("manifest.webmanifest", sync.manifest, name="manifest"),
    path("tables/<int:pk>/form/", table.deal_form, name="deal_form"),
    path("tables/<int:pk>/preview/", table.deal_preview, name="deal_preview"),
    path("tables/<int:pk>/others/", live.table_others, name="table_others"),
    path("tables/<int:pk>/export/", evening.table_export, name="table_export"),
    path("deals/<int:pk>/edit/", table.deal_edit, name="deal_edit"),
    path("clubs/<int:pk>/", stats.club_detail, name="club_detail"),
    path("clubs/<int:pk>/standings/", stats.standings_view, name="standings"),
    path("clubs/<int:pk>/standings/pdf/", stats.standings_pdf, name="standings_pdf"),
    path("players/<int:pk>/", stats.player_detail, name="player_detail"),
    path("clubs/<int:pk>/players/", club.club_players, name="club_players"),
    path("clubs/<int:pk>/seasons/", club.club_seasons, name="club_seasons"),
    path("clubs/<int:pk>/language/", club.club_language, name="club_language"),
    path("clubs/<int:pk>/cards/", club.club_cards, name="club_cards"),
    path("clubs/<int:pk>/lockouts/", club.club_lockouts, name="club_lockouts"),
    path("clubs/<int:pk>/cards/<int:card>/", club.club_card_edit, name="club_card_edit"),
    path("evenings/<int:pk>/reopen/", club.evening_reopen, name="evening_reopen"),
    path("evenings/<int:pk>/log/", club.evening_log, name="evening_log"),
    path("deals/<int:pk>/void/", club.deal_void, name="deal_void"),
    path("deals/<int:pk>/history/", club.deal_history, name="deal_history"),
]
