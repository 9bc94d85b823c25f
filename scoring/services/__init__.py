"""Services write (docs/architecture.md §5): each is atomic, calls the engine for every amount and persists
its journal entries. They raise ``RecordingError`` with messages that name the field.

One module per noun (tables, deals, evenings, players, imports, payments), over what they share: the errors, the
locks, the journal (posting an engine entry) and the evening summaries. Callers use this package's names
(``services.deal_record``): one surface for every write, whichever module holds it."""
from .clubs import club_currency_set, club_language_set, club_rate_set, lockout_clear
from .deals import VoidPlan, deal_correct, deal_record, deal_void, next_deal_number, void_plan
from .errors import BusyError, EveningClosedError, FieldError, RecordingError, StaleTableError
from .evenings import evening_close, evening_create, evening_reopen
from .imports import ImportQuestion, NamesUnanswered, PreparedImport, evening_import, evening_import_prepare
from .outbox import MailQueued, NoAddressError, NotClosedError, evening_mail_queue
from .journal import table_players, table_pots, table_state
from .payments import payment_mark, payment_unmark
from .players import (
    player_contact_set, player_get_or_create, player_merge, player_rename, player_retire
)
from .summaries import summary_refresh
from .tables import builtin_card, club_card, table_create
from .tournaments import (
    BeyondRound, StaleDraw, absence_clear, absence_set, draw_name_assign, entrant_leave, entrant_register,
    entrant_reinstate, entrant_unregister, round_close, round_confirm, round_delete, round_draw, round_redraw,
    tournament_create
)
from .pending import pending_drop, pending_keep, pending_store

__all__ = [
    "BusyError", "EveningClosedError", "FieldError", "ImportQuestion", "NamesUnanswered", "PreparedImport",
    "RecordingError", "StaleTableError", "VoidPlan",
    "builtin_card", "club_card", "club_currency_set", "club_language_set", "club_rate_set", "deal_correct", "deal_record", "deal_void",
    "evening_close", "evening_create", "evening_import", "evening_import_prepare", "evening_mail_queue", "MailQueued",
    "NoAddressError", "NotClosedError", "evening_reopen", "lockout_clear", "next_deal_number", "payment_mark",
    "payment_unmark", "player_contact_set", "player_get_or_create", "player_merge", "player_rename", "player_retire",
    "summary_refresh", "table_create", "table_players", "table_pots", "table_state", "void_plan",
    "BeyondRound", "StaleDraw", "pending_drop", "pending_keep", "pending_store", "absence_clear", "absence_set",
    "draw_name_assign", "entrant_leave", "entrant_register",
    "entrant_reinstate", "entrant_unregister", "round_close", "round_confirm", "round_delete", "round_draw",
    "round_redraw", "tournament_create",
]
