"""The campaign's VP indicator: each side's VP, who leads by how much, and on a scale marked
with the victory levels, the result if the campaign ended now."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from campaign_manager.engine.victory import VPPart
from campaign_manager.engine.views import OutcomeView
from campaign_manager.i18n import _
from campaign_manager.scenario.model import SideColours
from campaign_manager.ui import ink
from campaign_manager.ui.plain import tip


class VPIndicator(QWidget):
    """Paints `vp` (side → VP) and `outcome` (leader, margin, result, final) from the engine."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("vpIndicator")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(104)
        self.sides: dict[str, str] = {}
        self.nouns: dict[str, str] = {}
        self.vp: Mapping[str, int] = {}
        self.outcome: OutcomeView | None = None
        self.levels: tuple[tuple[int, str], ...] = ()
        self.colours: dict[str, SideColours] = {}

    def sizeHint(self) -> QSize:
        return QSize(320, 112)

    def set_values(
        self,
        sides: dict[str, str],
        nouns: dict[str, str],
        vp: Mapping[str, int],
        outcome: OutcomeView | None,
        levels: tuple[tuple[int, str], ...],
        colours: dict[str, SideColours] | None = None,
        breakdown: Mapping[str, Sequence[VPPart]] | None = None,
    ) -> None:
        """`sides`: adjectives ("Allied"), `nouns`: for sentences ("Allies"), `colours`: how each
        side is drawn (the scenario's); the rest from the engine (`breakdown`: each side's VP as
        parts with their reason, `show --json`'s vp_breakdown), said in the tooltip; no outcome: no
        campaign open."""
        self.sides, self.nouns, self.vp, self.outcome, self.levels = sides, nouns, vp, outcome, levels
        self.colours = colours or {}
        self.setToolTip(tip(self.explained(breakdown or {})) if vp else "")
        self.update()

    def explained(self, breakdown: Mapping[str, Sequence[VPPart]]) -> str:
        """The tooltip: who leads, the result, what each side's VP are made of, the levels (in
        the engine's words, outcome.levels, as the reports say them)."""
        lines = [_("{lead}. {result}.").format(lead=self.lead_words(), result=self.headline())]
        for side, parts in breakdown.items():
            lines += ["", _("{side} {vp} VP:").format(side=self.sides.get(side, side), vp=self.vp.get(side, 0))]
            lines += [f"  +{part.vp}  {part.reason}" for part in parts] or ["  " + _("nothing yet")]
        levels = "" if self.outcome is None else self.outcome.levels
        return "\n".join([*lines, "", levels]).rstrip()

    def lead_words(self) -> str:
        if self.outcome is None or self.outcome.leader is None:
            return _("Level")
        leader = self.outcome.leader
        return _("The {side} lead by {margin}").format(side=self.nouns.get(leader, leader), margin=self.outcome.margin)

    def headline(self) -> str:
        if self.outcome is None:
            return ""
        if self.outcome.final:
            return _("Final result: {result}").format(result=self.outcome.result)
        return _("If it ended now: {result}").format(result=self.outcome.result)

    def _colour(self, side: str, which: str) -> QColor:
        """A side's colour from the scenario (its tint or its ink)."""
        colours = self.colours.get(side)
        return QColor(getattr(colours, which)) if colours is not None else ink.role(ink.Role.Mid)

    def side_ink(self, side: str) -> QColor:
        """A side's words in its own ink, made lighter or darker until they read on the window."""
        return ink.legible(self._colour(side, "ink"), self.palette().color(QPalette.ColorRole.Window))

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.vp:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = self.width()
        left, right = tuple(self.sides)  # the scenario's first side on the left, as the scale reads
        painter.setFont(QFont("DejaVu Sans", 12, QFont.Weight.Bold))
        words = self.palette().color(QPalette.ColorRole.WindowText)
        for side, align, x in ((left, Qt.AlignmentFlag.AlignLeft, 6), (right, Qt.AlignmentFlag.AlignRight, -6)):
            painter.setPen(self.side_ink(side))
            painter.drawText(
                QRectF(x, 0, width, 22),
                align | Qt.AlignmentFlag.AlignVCenter,
                _("{side} {vp} VP").format(side=self.sides.get(side, side), vp=self.vp.get(side, 0)),
            )
        # The scale: the margin from the Axis' side (left) to the Allies' (right).
        top, height = 28.0, 20.0
        span = max([100, *(m for m, _level in self.levels)]) * 1.2
        bar = QRectF(6, top, width - 12, height)
        centre = bar.center().x()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._colour(left, "tint"))
        painter.drawRect(QRectF(bar.left(), top, bar.width() / 2, height))
        painter.setBrush(self._colour(right, "tint"))
        painter.drawRect(QRectF(centre, top, bar.width() / 2, height))
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Mid), 1))
        painter.setFont(QFont("DejaVu Sans", 7))
        for margin, _level in self.levels:
            for sign in (-1, 1):
                tick = centre + sign * margin / span * bar.width() / 2
                painter.drawLine(int(tick), int(top), int(tick), int(top + height))
                painter.setPen(words)
                painter.drawText(QRectF(tick - 15, top + height, 30, 12), Qt.AlignmentFlag.AlignCenter, str(margin))
                painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Mid), 1))
        margin = 0 if self.outcome is None else self.outcome.margin
        leader = None if self.outcome is None else self.outcome.leader
        signed = -margin if leader == left else margin if leader == right else 0
        now = centre + max(-1.0, min(1.0, signed / span)) * bar.width() / 2
        painter.setPen(QPen(ink.readable_on(self._colour(left if now < centre else right, "tint")), 3))
        painter.drawLine(int(now), int(top - 4), int(now), int(top + height + 4))
        painter.setPen(words)
        painter.setFont(fitting_font((self.lead_words(), self.headline()), width - 4))
        painter.drawText(QRectF(0, top + height + 14, width, 18), Qt.AlignmentFlag.AlignCenter, self.lead_words())
        painter.drawText(QRectF(0, top + height + 32, width, 18), Qt.AlignmentFlag.AlignCenter, self.headline())
        painter.end()


def fitting_font(lines: tuple[str, ...], width: int) -> QFont:
    """The bold font, 10 points or as much smaller as it takes (down to 7), in which every line
    fits `width` pixels: in a narrow side panel the result line ran off both edges."""
    for size in (10, 9, 8, 7):
        font = QFont("DejaVu Sans", size, QFont.Weight.Bold)
        metrics = QFontMetrics(font)
        if all(metrics.horizontalAdvance(line) <= width for line in lines):
            break
    return font
