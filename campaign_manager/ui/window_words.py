"""The main window's own sentences that depend on what is open: its title, what Edit ▸ Undo and
Redo say, and what opening a campaign says (kept here so ui/main_window.py stays a layout)."""

from __future__ import annotations

from campaign_manager.i18n import N_, _
from campaign_manager.paths import APPLICATION
from campaign_manager.ui.session import CampaignSession

# A role on a shared campaign, as the window's title names it (the role's code is the server's)
ROLE_NAMES = {"organiser": N_("organiser"), "recorder": N_("recorder"), "viewer": N_("viewer")}
# What opening a shared campaign says, for each role: whole sentences, the limits said with the role
OPENED_AS = {
    "organiser": N_("Opened {where} as the organiser (everything, undo and redo included)"),
    "recorder": N_(
        "Opened {where} as a recorder (battles, placements and notes): starting and ending turns, "
        "the roster, undo and redo are the organiser's"
    ),
    "viewer": N_("Opened {where} as a viewer (read only): recording is for the campaign's recorders and organiser"),
}


def opened_words(session: CampaignSession) -> str:
    """What the status bar says once a campaign is open (for a shared one, what the role allows)."""
    role = session.role
    if role is None or role not in OPENED_AS:
        return _("Opened {where}").format(where=session.where)
    return _(OPENED_AS[role]).format(where=session.where)


def role_name(role: str | None) -> str:
    return _(ROLE_NAMES[role]) if role in ROLE_NAMES else str(role)


def window_title(session: CampaignSession, fixed: str | None = None) -> str:
    """The window's title: the campaign's name, its file or address and its state, then the app's."""
    if fixed is not None:
        return fixed
    if session.path is not None:
        words = (
            _("{name} — {file} (read-only) — {application}")
            if session.read_only
            else _("{name} — {file} — {application}")
        )
        return words.format(name=session.name, file=session.path.name, application=APPLICATION)
    if session.shared and session.where is not None:
        if session.offline and session.read_only:
            words = _("{name} — shared: {where} (offline, read-only) — {application}")
        elif session.offline:
            words = _("{name} — shared: {where} (offline: recording pending) — {application}")
        else:
            words = _("{name} — shared: {where} ({role}) — {application}")
        return words.format(
            name=session.name, where=session.where, role=role_name(session.role), application=APPLICATION
        )
    return APPLICATION


def undo_words(session: CampaignSession, can_undo: bool) -> str:
    """Edit ▸ Undo's text: what it takes back, or why it waits or is final."""
    last = session.last_action_title() if can_undo else None
    campaign = session.campaign
    final = campaign is not None and campaign.records and campaign.undo_refusal()
    if last:
        return _("&Undo {action}").format(action=last)
    if final and campaign is not None and campaign.computer_side:
        # greyed out, and says why: against the computer the app's dice stand
        return _("&Undo — {action} is final (the app rolled its dice)").format(action=session.last_action_title())
    if final:  # its dice would come back to be entered again over the battle kept for later
        return _("&Undo — {action} waits: another battle entry is kept").format(action=session.last_action_title())
    return _("&Undo")


def redo_words(session: CampaignSession) -> str:
    """Edit ▸ Redo's text: what it puts back."""
    again = session.next_redo_title()
    return _("&Redo {action}").format(action=again) if again else _("&Redo")
