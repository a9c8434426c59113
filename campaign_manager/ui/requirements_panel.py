"""The turn's requirements beside the map, in the engine's own words: battles fought and
required, how initiative is decided, sorties, who still waits to be placed, and the deployment
rule met or broken (with the reason). A view of the session."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser, QWidget

from campaign_manager.engine.requirements import ArrivalView, RequirementsView, count_words, requirements
from campaign_manager.engine.state import Phase
from campaign_manager.i18n import _, pgettext
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui import ink
from campaign_manager.ui.session import CampaignSession


class RequirementsPanel(QTextBrowser):
    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("requirementsPanel")
        self.setAccessibleName(_("This turn's requirements"))
        self.session = session
        session.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        if not self.session.is_open:
            self.setHtml("<p>" + _("No campaign open.") + "</p>")
            return
        sc, st = self.session.scenario, self.session.state
        self.setHtml(requirements_html(sc, requirements(sc, st), planning=st.phase == Phase.PLANNING))


def requirements_html(sc: Scenario, data: RequirementsView, planning: bool) -> str:
    title = _("Turn {turn}: {name}").format(turn=data.turn, name=escape(data.name))
    rows = [f"<h3>{title}</h3><p><i>{escape(data.dates)}</i></p>"]
    battles = data.battles
    count = _("<b>Battles</b>: {formula} ({dice})").format(formula=battles.formula, dice=escape(battles.dice_words))
    if battles.required is not None:
        done = (battles.fought or 0) >= battles.required
        count += "<br>" + _("{mark} This turn: {battles}").format(
            mark="✔" if done else "•", battles=count_words(battles)
        )
    rows.append(f"<p>{count}</p>")
    if data.fixed_arrows:
        fixed = escape(", ".join(f"{a.origin}→{a.target}" for a in data.fixed_arrows))
        rows.append("<p>" + _("<b>Fixed battles</b>: {arrows} — both must be fought").format(arrows=fixed) + "</p>")
    if data.initiative:
        rows.append("<p>" + _("<b>Initiative</b>: {words}").format(words=escape(data.initiative.words)) + "</p>")
    sorties = escape(", ".join(f"{sc.nation_name(n)} {c}" for n, c in data.sorties.items()) or _("none"))
    rows.append("<p>" + _("<b>Air sorties granted</b>: {sorties}").format(sorties=sorties) + "</p>")
    redeploy = escape(
        pgettext("between nations, in the order they redeploy", ", then ").join(
            sc.nation_name(n) for n in data.redeploy
        )
        or _("nobody redeploys")
    )
    rows.append("<p>" + _("<b>Redeployment</b>: {order}").format(order=redeploy) + "</p>")
    if data.deployment:
        items = "".join(f"<li>{escape(rule)}</li>" for rule in data.deployment)
        rows.append("<p>" + _("<b>Deployment</b> (checked at the first battle):") + f"</p><ul>{items}</ul>")
        if planning:
            problems = data.deployment_problems
            if problems:
                rows.append(
                    "".join(f"<p style='color:{ink.on_window(ink.REFUSAL_RED)}'>✘ {escape(p)}</p>" for p in problems)
                )
            else:
                met = _("✔ met as the troops stand now")
                rows.append(f"<p style='color:{ink.on_window(ink.FINE_GREEN)}'>{met}</p>")
    if data.fortification:
        rows.append(f"<p><b>{escape(data.fortification.name)}</b>: {escape(data.fortification.words)}</p>")
    if data.reinforcements:
        rows.append(
            "<p>"
            + _("<b>Reinforcements</b>:")
            + f"</p><ul>{''.join(_reinforcement(t) for t in data.reinforcements)}</ul>"
        )
    missions = "; ".join(f"{escape(k)} {escape(v)}" for k, v in data.missions.items())
    rows.append("<p>" + _("<b>Suggested missions (d6)</b>: {missions}").format(missions=missions) + "</p>")
    return "".join(rows)


def _reinforcement(troop: ArrivalView) -> str:
    """A troop that arrives this turn: where it goes, from the pool or not, and where it may go now."""
    where = escape(troop.zone)
    if troop.may_go is not None:
        where = escape(
            _("{zone}; open now: {areas}").format(zone=troop.zone, areas=", ".join(troop.may_go) or _("nowhere"))
        )
    if troop.from_pool:
        return "<li>" + _("{troop} (from the pool) → {where}").format(troop=escape(troop.id), where=where) + "</li>"
    return f"<li>{escape(troop.id)} → {where}</li>"
