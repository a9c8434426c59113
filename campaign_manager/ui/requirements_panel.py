"""The turn's requirements beside the map, in the engine's own words: battles fought and
required, how initiative is decided, sorties, who still waits to be placed, and the deployment
rule met or broken (with the reason). A view of the session."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser, QWidget

from campaign_manager.engine.requirements import RequirementsView, count_words, requirements
from campaign_manager.engine.state import Phase
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui import ink
from campaign_manager.ui.session import CampaignSession


class RequirementsPanel(QTextBrowser):
    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("requirementsPanel")
        self.setAccessibleName("This turn's requirements")
        self.session = session
        session.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        if not self.session.is_open:
            self.setHtml("<p>No campaign open.</p>")
            return
        sc, st = self.session.scenario, self.session.state
        self.setHtml(requirements_html(sc, requirements(sc, st), planning=st.phase == Phase.PLANNING))


def requirements_html(sc: Scenario, data: RequirementsView, planning: bool) -> str:
    rows = [f"<h3>Turn {data.turn}: {escape(data.name)}</h3><p><i>{escape(data.dates)}</i></p>"]
    battles = data.battles
    count = f"<b>Battles</b>: {battles.formula} ({escape(battles.dice_words)})"
    if battles.required is not None:
        done = (battles.fought or 0) >= battles.required
        count += f"<br>{'✔' if done else '•'} This turn: {count_words(battles)}"
    rows.append(f"<p>{count}</p>")
    if data.fixed_arrows:
        rows.append(
            "<p><b>Fixed battles</b>: "
            + escape(", ".join(f"{a.origin}→{a.target}" for a in data.fixed_arrows))
            + " — both must be fought</p>"
        )
    if data.initiative:
        rows.append(f"<p><b>Initiative</b>: {escape(data.initiative.words)}</p>")
    sorties = escape(", ".join(f"{sc.nation_name(n)} {c}" for n, c in data.sorties.items()) or "none")
    rows.append(f"<p><b>Air sorties granted</b>: {sorties}</p>")
    redeploy = escape(", then ".join(sc.nation_name(n) for n in data.redeploy) or "nobody redeploys")
    rows.append(f"<p><b>Redeployment</b>: {redeploy}</p>")
    if data.deployment:
        items = "".join(f"<li>{escape(rule)}</li>" for rule in data.deployment)
        rows.append(f"<p><b>Deployment</b> (checked at the first battle):</p><ul>{items}</ul>")
        if planning:
            problems = data.deployment_problems
            if problems:
                rows.append(
                    "".join(f"<p style='color:{ink.on_window(ink.REFUSAL_RED)}'>✘ {escape(p)}</p>" for p in problems)
                )
            else:
                rows.append(f"<p style='color:{ink.on_window(ink.FINE_GREEN)}'>✔ met as the troops stand now</p>")
    if data.fortification:
        rows.append(f"<p><b>{escape(data.fortification.name)}</b>: {escape(data.fortification.words)}</p>")
    if data.reinforcements:
        troops = []
        for troop in data.reinforcements:
            source = " (from the pool)" if troop.from_pool else ""
            where = escape(troop.zone)
            if troop.may_go is not None:
                where += escape(f"; open now: {', '.join(troop.may_go) or 'nowhere'}")
            troops.append(f"<li>{escape(troop.id)}{source} → {where}</li>")
        rows.append(f"<p><b>Reinforcements</b>:</p><ul>{''.join(troops)}</ul>")
    missions = "; ".join(f"{escape(k)} {escape(v)}" for k, v in data.missions.items())
    rows.append(f"<p><b>Suggested missions (d6)</b>: {missions}</p>")
    return "".join(rows)
