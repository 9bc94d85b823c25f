"""Services write (docs/architecture.md §5): each is atomic, calls the engine for every amount and persists
its journal entries. They raise ``RecordingError`` with messages that name the field.

One module per noun (tables, deals, evenings, players, imports, payments, clubs), over what they share: the errors, the
locks, the journal (posting an engine entry) and the evening summaries. Callers use this package's names
(``services.deal_record``): one surface for every write, whichever module holds it."""
from .cups import cup_save
from .clubs import club_currency_set, club_language_set, club_payment_details_set, club_rate_set, lockout_clear
from .deals import VoidPlan, deal_correct, deal_record, deal_void, next_deal_number, void_plan
from .errors import BusyError, EveningClosedError, FieldError, RecordingError, StaleTableError
from .evenings import evening_close, evening_create, evening_reopen
from .imports import ImportQuestion, NamesUnanswered, PreparedImport, evening_import, evening_import_prepare
from .outbox import (
    MailQueued, NoAddressError, NotClosedError, NotFailedError, evening_mail_again, evening_mail_corrected,
    evening_mail_queue
)
from .journal import table_players, table_pots, table_state
from .payments import (
    payment_confirm, payment_dispute, payment_record, payment_settle_up, payment_undo
)
from .players import (
    player_contact_set, player_get_or_create, player_merge, player_rename, player_retire
)
from .reports import report_ask, report_done, report_failed, report_take
from .seasons import evening_season_by_date, season_create, season_dates_set
from .summaries import summary_refresh
from .tables import builtin_card, club_card, table_create
from .tournaments import (
    BeyondRound, StaleDraw, absence_clear, absence_set, draw_name_assign, entrant_leave, entrant_register,
    entrant_reinstate, entrant_unregister, round_close, round_confirm, round_delete, round_draw, round_redraw,
    tournament_create
)
from .pending import pending_drop, pending_keep, pending_store

__all__ = [
    "BusyError", "EveningClosedError", "FieldError", "ImportQuestion", "MailQueued", "NamesUnanswered",
    "NoAddressError", "NotClosedError", "NotFailedError", "PreparedImport", "RecordingError", "StaleTableError",
    "VoidPlan",
    "builtin_card", "club_card", "club_currency_set", "club_language_set", "club_payment_details_set",
    "club_rate_set", "cup_save", "deal_correct", "deal_record", "deal_void", "draw_name_assign", "entrant_leave",
    "entrant_register", "entrant_unregister", "evening_close", "evening_create", "evening_import",
    "evening_import_prepare", "evening_mail_again", "evening_mail_corrected", "evening_mail_queue",
    "evening_reopen", "evening_season_by_date", "lockout_clear", "next_deal_number",
    "payment_confirm", "payment_dispute", "payment_record", "payment_settle_up", "payment_undo",
    "player_contact_set", "player_get_or_create", "player_merge", "player_rename", "player_retire",
    "report_ask", "report_done", "report_failed", "report_take", "round_close", "round_confirm", "round_draw",
    "season_create", "season_dates_set", "summary_refresh", "table_create", "table_players",
    "table_pots", "table_state", "tournament_create", "void_plan",
    "BeyondRound", "StaleDraw", "pending_drop", "pending_keep", "pending_store", "absence_clear", "absence_set",
    "entrant_reinstate", "round_delete", "round_redraw",
]
