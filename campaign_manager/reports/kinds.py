"""The printed documents and the paper they are laid out for, declared once: the command line's
choices, the window's menu and the documents themselves read them (without loading reportlab)."""

from __future__ import annotations

from enum import StrEnum

from campaign_manager.i18n import N_, _

HEADINGS = {"turn": N_("Turn report"), "status": N_("Campaign status"), "slips": N_("Battle slips")}


class ReportKind(StrEnum):
    """The printed documents, by the name the command line and the file names give them."""

    TURN = "turn"
    STATUS = "status"
    SLIPS = "slips"

    @property
    def words(self) -> str:
        """In a sentence, after "the": "the PDF of the turn report". "battle slips" is plural,
        so these words are never the subject of a verb: "the PDF of the battle slips was saved".
        English only, for the sentences glued from them; a translated sentence names the kind
        whole (`heading`)."""
        return {"turn": "turn report", "status": "status sheet", "slips": "battle slips"}[self.value]

    @property
    def file_word(self) -> str:
        """In a file's name: "Shop night turn-3 report.pdf"."""
        return {"turn": "report", "status": "status", "slips": "slips"}[self.value]

    @property
    def landscape(self) -> bool:
        """Laid out on the paper turned sideways: the status sheet, for the wall."""
        return self is ReportKind.STATUS

    @property
    def heading(self) -> str:
        """On the document itself (its PDF title)."""
        return _(HEADINGS[self.value])


class Paper(StrEnum):
    """The paper sizes a document is laid out for."""

    A4 = "a4"
    LETTER = "letter"
