"""The order-card reference: each card's effect, summarised in the data file."""

from __future__ import annotations

from campaign_manager.assist.opa.tables import OpaTables
from campaign_manager.errors import UserError


def order_cards(tables: OpaTables, card: str | None = None) -> list[dict[str, str]]:
    """All cards in the book's order, or the one named (any case)."""
    if card is None:
        return [{"card": name, "effect": effect} for name, effect in tables.orders.items()]
    name = card.strip().upper()
    if name not in tables.orders:
        raise UserError(f"Order card '{card}' is not an Opa Opa card; the cards are {', '.join(tables.orders)}")
    return [{"card": name, "effect": tables.orders[name]}]
