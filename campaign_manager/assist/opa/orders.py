"""The order-card reference: each card's effect, summarised in the data file."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.assist.opa.tables import OpaTables
from campaign_manager.errors import UserError
from campaign_manager.i18n import _


@dataclass(frozen=True, slots=True)
class OrderCard:
    """An order card and its effect, in the data file's words."""

    card: str
    effect: str

    def json(self) -> dict[str, str]:
        return {"card": self.card, "effect": self.effect}


def order_cards(tables: OpaTables, card: str | None = None) -> list[OrderCard]:
    """All cards in the book's order, or the one named (any case)."""
    if card is None:
        return [OrderCard(name, effect) for name, effect in tables.orders.items()]
    name = card.strip().upper()
    if name not in tables.orders:
        raise UserError(
            _("Order card '{card}' is not an Opa Opa card; the cards are {cards}").format(
                card=card, cards=", ".join(tables.orders)
            )
        )
    return [OrderCard(name, tables.orders[name])]
