"""When each menu action may be used: asked of the session after every change (ui/actions.py
declares the actions and names these beside them)."""

from __future__ import annotations

from campaign_manager.engine import legal
from campaign_manager.engine.actions import StartTurn
from campaign_manager.engine.state import Phase
from campaign_manager.engine.views import state_view
from campaign_manager.i18n import _
from campaign_manager.ui.session import CampaignSession

# When an action may be used, asked of the session after every change.


def with_campaign(session: CampaignSession) -> bool:
    return session.is_open


def turn_started(session: CampaignSession) -> bool:
    return session.is_open and session.state.turn > 0


def not_finished(session: CampaignSession) -> bool:
    return session.is_open and session.state.phase != Phase.FINISHED


def in_a_file(session: CampaignSession) -> bool:
    return session.path is not None


def keeps_turns(session: CampaignSession) -> bool:
    """Starting and ending turns: the organiser's, on a shared campaign."""
    return session.is_open and session.may(StartTurn.type)


def battles_allowed(session: CampaignSession) -> bool:
    return session.is_open and session.state.phase in (Phase.PLANNING, Phase.BATTLE)


def arrows_open(session: CampaignSession) -> bool:
    return session.is_open and bool(session.state.open_arrows)


def starts_turns(session: CampaignSession) -> bool:
    return keeps_turns(session) and not_finished(session)


def campaign_over(session: CampaignSession) -> str | None:
    """Why no step of a turn can be taken now that the campaign is over, with its result (None
    while it goes on)."""
    if not session.is_open or session.state.phase != Phase.FINISHED:
        return None
    sc, st = session.scenario, session.state
    view = state_view(sc, st)  # the picture the panel shows, built once for this state
    result, vp = view.outcome.result, view.vp
    scores = ", ".join(_("{side} {vp} VP").format(side=sc.side_adjective(side), vp=vp[side]) for side in sc.sides)
    return _("the campaign is over after turn {turn} (rule 1.1). Result: {result} ({scores})").format(
        turn=st.turn, result=f"{result[:1].upper()}{result[1:]}", scores=scores
    )


def battle_refused(session: CampaignSession) -> str | None:
    """Why Battle ▸ New battle is greyed out now, naming the rule and the thing, for every reason
    it can be (None while it may be used): no campaign, the campaign over, nothing can be
    recorded, or no turn under way (the engine's words)."""
    if not session.is_open:
        return _("no campaign is open: open one (File ▸ Open campaign) or make one (File ▸ New campaign)")
    over = campaign_over(session)
    if over is not None:
        return over
    if session.read_only:
        return session.read_only_reason
    refusal = legal.no_turn_refusal(session.state)
    return None if refusal is None else _("{refusal} (Turn ▸ Start the next turn)").format(refusal=refusal)


def can_undo(session: CampaignSession) -> bool:
    return session.can_undo()


def can_redo(session: CampaignSession) -> bool:
    return session.can_redo()
