"""The Greek Civil War tracker tab's form, typed: what the tab and its action builders read."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QToolBox,
    QWidget,
)

from campaign_manager.ui.forms import Form


class TrackerForm(Form):
    """The tracker: its file, the Political Index and state, and a page per kind of action."""

    FORM = "gcw_tracker"
    root: QWidget
    newButton: QPushButton
    openButton: QPushButton
    undoButton: QPushButton
    redoButton: QPushButton
    fileLabel: QLabel
    titoCheck: QCheckBox
    endTurnCombo: QComboBox
    indicesLabel: QLabel
    turnLabel: QLabel
    doctrineStatusLabel: QLabel
    aidLabel: QLabel
    markersLabel: QLabel
    stalinLabel: QLabel
    standingLabel: QLabel
    initiativeStatusLabel: QLabel
    phaseLabel: QLabel
    gameOverLabel: QLabel
    historyView: QListView
    actionsBox: QToolBox
    controlSideCombo: QComboBox
    controlRegionCombo: QComboBox
    controlPointsSpin: QSpinBox
    controlUseCombo: QComboBox
    controlButton: QPushButton
    markerRegionCombo: QComboBox
    placeTerrorButton: QPushButton
    removeTerrorButton: QPushButton
    resettleDieEdit: QLineEdit
    resettleButton: QPushButton
    dseConventionalCheck: QCheckBox
    dseDiceEdit: QLineEdit
    tightRegionsSpin: QSpinBox
    tightDiceEdit: QLineEdit
    areaEmptySpin: QSpinBox
    penaltiesButton: QPushButton
    doctrineCombo: QComboBox
    durationSpin: QSpinBox
    limitSpin: QSpinBox
    doctrineButton: QPushButton
    politicsDiceEdit: QLineEdit
    fromTableButton: QPushButton
    mobSideCombo: QComboBox
    stalinDiceEdit: QLineEdit
    breakDieEdit: QLineEdit
    purgeDiceEdit: QLineEdit
    mobilizeButton: QPushButton
    spendUnitCombo: QComboBox
    spendUpgradeCheck: QCheckBox
    spendAmountSpin: QSpinBox
    spendButton: QPushButton
    airstrikesSpin: QSpinBox
    airstrikesButton: QPushButton
    initiativeCombo: QComboBox
    initiativeButton: QPushButton
    nextTurnButton: QPushButton
    victoryCheckButton: QPushButton
    attritionUnitsSpin: QSpinBox
    attritionLabel: QLabel
    adjustSideCombo: QComboBox
    adjustAmountSpin: QSpinBox
    adjustReasonEdit: QLineEdit
    adjustButton: QPushButton

    def status_labels(self) -> dict[str, QLabel]:
        """The labels the tracker's state is shown in, by object name (as `status_lines` gives them)."""
        return {
            "indicesLabel": self.indicesLabel,
            "turnLabel": self.turnLabel,
            "doctrineStatusLabel": self.doctrineStatusLabel,
            "aidLabel": self.aidLabel,
            "markersLabel": self.markersLabel,
            "stalinLabel": self.stalinLabel,
            "standingLabel": self.standingLabel,
            "initiativeStatusLabel": self.initiativeStatusLabel,
            "phaseLabel": self.phaseLabel,
            "gameOverLabel": self.gameOverLabel,
        }
