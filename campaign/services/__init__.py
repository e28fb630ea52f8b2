"""Every write goes through a service: keyword-only arguments, one transaction, domain errors.

A module per subject; this package re-exports them so callers write `services.warband_found(...)`.
"""

from campaign.errors import ReportError
from campaign.services.campaigns import (
    campaign_close,
    campaign_create,
    campaign_join,
    campaign_join_by_code,
    campaign_new_invite_code,
    campaign_reopen,
    campaign_update,
    require_open,
)
from campaign.services.chronicle import (
    chronicle_line_add,
    chronicle_line_delete,
    chronicle_worked_out,
)
from campaign.services.corrections import correction_confirm, figure_correct
from campaign.services.games import (
    GameLine,
    game_confirm,
    game_edit,
    game_file,
    game_withdraw,
)
from campaign.services.jobs import (
    JobBusy,
    campaign_queue_recalculation,
    job_run,
    jobs_sweep,
    rankings_queue_rebuild,
    ratings_queue_recalculation,
)
from campaign.services.members import campaign_remove_member
from campaign.services.postgame import (
    captive_ransom_accept,
    captive_ransom_offer,
    captive_sell,
    postgame_answer,
    postgame_commit,
    postgame_trade,
    postgame_undo,
)
from campaign.services.postgame_release import game_withdraw_keeping_committed, postgame_restart
from campaign.services.rankings import rankings_rebuild
from campaign.services.ratings import warbands_recalculate
from campaign.services.warbands import (
    MAX_DRAFT_FIGURES,
    NewFigure,
    SkillRoll,
    figure_set_equipment,
    treasury_change,
    warband_add_figure,
    warband_create_draft,
    warband_create_founded,
    warband_delete_draft,
    warband_found,
    warband_recalculate_rating,
    warband_remove_figure,
    warband_rename,
    warband_retire,
    warband_treasury_correct,
)

__all__ = [
    "ReportError",
    "chronicle_line_add",
    "chronicle_line_delete",
    "chronicle_worked_out",
    "correction_confirm",
    "figure_correct",
    "GameLine",
    "game_confirm",
    "game_edit",
    "game_file",
    "game_withdraw",
    "captive_ransom_accept",
    "captive_ransom_offer",
    "captive_sell",
    "postgame_answer",
    "postgame_commit",
    "postgame_trade",
    "postgame_undo",
    "game_withdraw_keeping_committed",
    "postgame_restart",
    "JobBusy",
    "job_run",
    "jobs_sweep",
    "rankings_rebuild",
    "campaign_queue_recalculation",
    "rankings_queue_rebuild",
    "ratings_queue_recalculation",
    "warbands_recalculate",
    "MAX_DRAFT_FIGURES",
    "NewFigure",
    "SkillRoll",
    "campaign_create",
    "campaign_join",
    "campaign_join_by_code",
    "campaign_update",
    "campaign_close",
    "campaign_new_invite_code",
    "campaign_remove_member",
    "campaign_reopen",
    "require_open",
    "warband_delete_draft",
    "warband_rename",
    "warband_retire",
    "figure_set_equipment",
    "treasury_change",
    "warband_add_figure",
    "warband_create_draft",
    "warband_create_founded",
    "warband_found",
    "warband_recalculate_rating",
    "warband_treasury_correct",
    "warband_remove_figure",
]
