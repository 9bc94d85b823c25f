from django.urls import path

from . import views_club, views_evening, views_live, views_stats, views_sync, views_table

app_name = "scoring"
urlpatterns = [
    path("", views_evening.home, name="home"),
    path("evenings/new/", views_evening.evening_new, name="evening_new"),
    path("evenings/import/", views_evening.evening_import, name="evening_import"),
    path("evenings/<int:pk>/", views_evening.evening_detail, name="evening_detail"),
    path("evenings/<int:pk>/tables/new/", views_evening.table_new, name="table_new"),
    path("evenings/<int:pk>/tables/import/", views_evening.table_import, name="table_import"),
    path("evenings/<int:pk>/close/", views_evening.evening_close, name="evening_close"),
    path("evenings/<int:pk>/live/", views_live.evening_live, name="evening_live"),
    path("evenings/<int:pk>/pdf/", views_evening.evening_pdf, name="evening_pdf"),
    path("tables/<int:pk>/", views_table.table_detail, name="table_detail"),
    path("tables/<int:pk>/sync/", views_sync.table_sync, name="table_sync"),
    path("sw.js", views_sync.service_worker, name="service_worker"),
    path("manifest.webmanifest", views_sync.manifest, name="manifest"),
    path("tables/<int:pk>/form/", views_table.deal_form, name="deal_form"),
    path("tables/<int:pk>/preview/", views_table.deal_preview, name="deal_preview"),
    path("tables/<int:pk>/others/", views_live.table_others, name="table_others"),
    path("tables/<int:pk>/export/", views_evening.table_export, name="table_export"),
    path("deals/<int:pk>/edit/", views_table.deal_edit, name="deal_edit"),
    path("clubs/<int:pk>/", views_stats.club_detail, name="club_detail"),
    path("clubs/<int:pk>/standings/", views_stats.standings_view, name="standings"),
    path("clubs/<int:pk>/standings/pdf/", views_stats.standings_pdf, name="standings_pdf"),
    path("players/<int:pk>/", views_stats.player_detail, name="player_detail"),
    path("clubs/<int:pk>/players/", views_club.club_players, name="club_players"),
    path("clubs/<int:pk>/seasons/", views_club.club_seasons, name="club_seasons"),
    path("clubs/<int:pk>/language/", views_club.club_language, name="club_language"),
    path("clubs/<int:pk>/cards/", views_club.club_cards, name="club_cards"),
    path("clubs/<int:pk>/cards/<int:card>/", views_club.club_card_edit, name="club_card_edit"),
    path("evenings/<int:pk>/reopen/", views_club.evening_reopen, name="evening_reopen"),
    path("evenings/<int:pk>/log/", views_club.evening_log, name="evening_log"),
    path("deals/<int:pk>/void/", views_club.deal_void, name="deal_void"),
    path("deals/<int:pk>/history/", views_club.deal_history, name="deal_history"),
]
