"""The map scene: drawn once from the scenario's layout, then coloured and filled with counters
and arrows for whatever campaign state it is shown."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSimpleTextItem

from campaign_manager.engine import legal
from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.lookup import label
from campaign_manager.engine.state import CampaignState
from campaign_manager.i18n import _
from campaign_manager.scenario.arrow_marks import Caption, captions_at_arrows
from campaign_manager.scenario.layout import ArrowPlace, Box, MapLayout, arrow_places, grid_layout, shaft, stack_places
from campaign_manager.scenario.model import Area, Link, Scenario
from campaign_manager.scenario.terms import in_language
from campaign_manager.ui.map import style
from campaign_manager.ui.map.items import (
    COUNTER_H,
    COUNTER_W,
    AreaItem,
    AreaLabel,
    ArrowItem,
    CounterItem,
    LinkItem,
    caption_size,
)
from campaign_manager.ui.map.words import area_sentence, arrow_caption, counter_sentence, fought_caption
from campaign_manager.ui.plain import tip


def _box(rect: QRectF) -> Box:
    return (rect.x(), rect.y(), rect.width(), rect.height())


def fallback_layout(sc: Scenario) -> MapLayout:
    """A plain grid of squares for a scenario whose file has no drawing."""
    return grid_layout(sc.areas)


@dataclass
class StillMap:
    """What is drawn once of a map: its areas, their names and where the names stand, and the
    countries' and seas' names."""

    areas: dict[str, AreaItem]
    labels: dict[str, AreaLabel]
    label_boxes: list[QRectF]  # where the areas' codes, names and VP stand: kept clear of badges
    places: list[PlaceName] = field(default_factory=list)

    def tint(self, code: str, brush: QBrush, hatched: bool) -> None:
        """An area's fill (who holds it; hatched if impassable), its words in the ink that reads there."""
        self.areas[code].set_tint(brush, hatched)
        if code in self.labels:
            self.labels[code].set_ground(brush.color())

    def shapes(self) -> list[QPainterPath]:
        """What the legend and the banner over the map must not cover: the areas and the place names."""
        found = []
        for area in self.areas.values():
            outline = QPainterPath()
            outline.addPolygon(area.polygon())
            outline.closeSubpath()
            found.append(outline)
        for name in self.places:
            box = QPainterPath()
            box.addRect(name.sceneBoundingRect())
            found.append(box)
        return found

    def ink_place_names(self) -> None:
        """Each country's and sea's name in an ink that reads on what it is written over, as tinted now."""
        for name in self.places:
            name.set_grounds([self.areas[code].brush().color() for code in name.over if code in self.areas])


def draw_still_map(
    scene: QGraphicsScene, layout: MapLayout, areas: Mapping[str, Area], links: Iterable[Link], localised: bool = False
) -> StillMap:
    """The sea, the land, the areas, their names and the links between them: the campaign's map
    and the scenario editor's alike. Each link is drawn between its areas' label points; with
    `localised` the areas' names are in the app's language (the campaign's map), else as the
    file's `name` writes them (the editor's, which edits that name)."""
    scene.setSceneRect(0, 0, layout.width, layout.height)
    scene.setBackgroundBrush(style.sea())
    land_colour = style.land()
    for land in layout.backdrop:
        item = scene.addPolygon(
            QPolygonF([QPointF(x, y) for x, y in land.outline]), QPen(land_colour), QBrush(land_colour)
        )
        item.setZValue(0)
    drawn = StillMap({}, {}, [])
    for text in layout.labels:
        name = PlaceName(in_language(text.text, text.names) if localised else text.text, text.kind, text.at)
        name.over = layout.under(_box(name.sceneBoundingRect()))
        name.set_grounds([])
        scene.addItem(name)
        drawn.places.append(name)
    for code, shape in layout.areas.items():
        area = AreaItem(code, shape.outline)
        scene.addItem(area)
        drawn.areas[code] = area
        info = areas.get(code)
        if info is None:  # a drawing of an area the file no longer has (the editor lists it as a fault)
            continue
        room = min(shape.room_across(shape.label[1] + dy) for dy in (3, 10, 17))
        words = AreaLabel(
            code, in_language(info.name, info.names) if localised else info.name, info.vp, shape.label, room
        )
        scene.addItem(words)
        drawn.labels[code] = words
        drawn.label_boxes += words.text_boxes()
    for link in links:
        if link.a in layout.areas and link.b in layout.areas:
            scene.addItem(LinkItem(layout.areas[link.a].label, layout.areas[link.b].label, link.fortified, link.sea))
    return drawn


class PlaceName(QGraphicsSimpleTextItem):
    """A country's or a sea's name written on the map, in a quieter ink than the areas' own words,
    still reading on whatever it is written over (`over`: the areas, "land" or "sea" under it)."""

    def __init__(self, text: str, kind: str, at: tuple[float, float]) -> None:
        super().__init__(text)
        self.sea = kind == "sea"
        font = QFont("DejaVu Sans", 16 if self.sea else 18, QFont.Weight.Normal if self.sea else QFont.Weight.Bold)
        font.setItalic(self.sea)
        font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 1 if self.sea else 3)
        self.setFont(font)
        box = self.boundingRect()
        self.setPos(at[0] - box.width() / 2, at[1] - box.height() / 2)
        self.setZValue(0.5 if self.sea else 4)
        self.over: set[str] = {"sea" if self.sea else "land"}
        self.grounds: list[QColor] = []

    def set_grounds(self, tints: list[QColor]) -> None:
        """The areas' tints under the name (the sea's and the land's colours are added as `over`
        says): its ink is chosen to read on all of them."""
        if self.grounds and tints == self.grounds[: len(tints)]:
            return  # the same tints as for the last state shown
        self.grounds = [
            *tints,
            *([style.sea()] if "sea" in self.over else []),
            *([style.land()] if "land" in self.over else []),
        ]
        self.setBrush(style.place_name_ink(self.grounds or [style.land()]))


class MapScene(QGraphicsScene):
    """The static map (land, areas, links, names) and the state's counters and arrows."""

    def __init__(self, sc: Scenario, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenario = sc
        self.layout = sc.layout or fallback_layout(sc)
        self.colours = style.nation_colours(sc)
        drawn = self.still = draw_still_map(self, self.layout, sc.areas, sc.links, localised=True)
        self.areas: dict[str, AreaItem] = drawn.areas
        self.labels: dict[str, AreaLabel] = drawn.labels
        self.label_boxes: list[QRectF] = drawn.label_boxes
        self.words_of: dict[str, list[Box]] = {  # each area's words: its counters keep clear of them
            code: [_box(box) for box in words.text_boxes()] for code, words in self.labels.items()
        }
        self.counters: list[CounterItem] = []
        self.arrows: list[ArrowItem] = []
        self._dynamic: list[QGraphicsItem] = []
        # the fought arrows last drawn, with what placed them (show_state keeps them if it is unchanged)
        self._fought_drawn: tuple[object, list[ArrowItem]] | None = None
        self.entering: tuple[str, str] | None = None  # the battle being entered (`show_entering`)
        self.entering_item: ArrowItem | None = None

    def anchor(self, code: str) -> tuple[float, float]:
        return self.layout.areas[code].label

    # -- the state ------------------------------------------------------------------------------

    def show_state(
        self, st: CampaignState, fought: list[BattleRow], planning: bool, computer_side: str | None = None
    ) -> None:
        """Tint, counters and arrows for `st`; `fought` are this turn's battles (drawn faded);
        with `planning`, counters that may redeploy now are marked movable (never the computer's,
        which it moves itself)."""
        sc = self.scenario
        shown_before, self._dynamic, self.counters, self.arrows = self._dynamic, [], [], []
        for code, area in self.areas.items():
            info = sc.areas[code]
            self.still.tint(
                code, style.area_brush(sc, st.control.get(code), info.staging, info.impassable), info.impassable
            )
            area.setToolTip(tip(area_sentence(sc, st, code)))
        self.still.ink_place_names()
        for code in self.areas:
            self._counters(st, code, planning, computer_side)
        places = arrow_places(
            self.layout,
            [(row.origin, row.target) for row in fought] + [(arrow.origin, arrow.target) for arrow in st.open_arrows],
        )
        # Each mark is placed clear of the areas' words, the counters and the marks placed before it.
        counters = [counter.sceneBoundingRect() for counter in self.counters]
        taken = self.label_boxes + counters
        kept_clear = [_box(box) for box in taken]  # the same, as the layout's boxes: each read once
        bounds = self.sceneRect()
        self._fought_arrows(fought, places, (taken, kept_clear), counters, bounds)
        kept = {id(part) for part in self._dynamic}  # the fought arrows drawn before, if they stand as they were
        for item in shown_before:
            if id(item) not in kept:
                self.removeItem(item)
        opened = list(zip(st.open_arrows, places[len(fought) :]))
        stacks = [_box(box) for box in counters]
        captions = [
            Caption(shaft(ArrowPlace(start, end, side), stacks), caption_size(arrow_caption(sc, arrow)), side)
            for arrow, (start, end, side) in opened
        ]
        spots = captions_at_arrows(captions, [_box(box) for box in taken], _box(bounds))
        planned = [  # kept clear by a caption that found no room at its arrow
            QRectF(spot[0] - c.size[0] / 2, spot[1] - c.size[1] / 2, *c.size)
            for c, spot in zip(captions, spots)
            if spot is not None
        ]
        for (arrow, (start, end, side)), spot in zip(opened, spots):
            item = ArrowItem(
                start,
                end,
                style.signal(style.OPEN_ARROW),
                arrow_caption(sc, arrow),
                _(
                    "Open battle arrow {origin} → {target}: waiting for the result of the game. Double-click "
                    "to record it; right-click to record or abandon it."
                ).format(origin=label(sc, arrow.origin), target=label(sc, arrow.target)),
                caption_side=side,
                avoid=taken + planned,
                bounds=bounds,
                counters=counters,
                caption_at=spot,
            )
            item.open_pair = (arrow.origin, arrow.target)
            taken.append(item.caption_box)
            self._add(item)
        self._draw_entering(taken, counters)

    def _fought_arrows(
        self,
        fought: list[BattleRow],
        places: list[ArrowPlace],
        clear_of: tuple[list[QRectF], list[Box]],
        counters: list[QRectF],
        bounds: QRectF,
    ) -> None:
        """This turn's fought arrows with their badges, each placed clear of `clear_of` (the same
        rectangles and boxes; each badge is added to both). When the battles, the arrows' places
        and what they keep clear of are as they were at the last drawing (an action that moved
        nothing, a note), the arrows drawn then stay: placing their badges is most of a redraw."""
        taken, kept_clear = clear_of
        sc = self.scenario
        inputs = (list(fought), places, list(kept_clear), _box(bounds))
        if self._fought_drawn is not None and self._fought_drawn[0] == inputs:
            for drawn in self._fought_drawn[1]:
                self._add(drawn, added=True)
                taken.append(drawn.badge_box)
                kept_clear.append(_box(drawn.badge_box))
            return
        made = []
        for row, (start, end, side) in zip(fought, places):
            caption = fought_caption(sc, row)
            drawn = ArrowItem(
                start,
                end,
                style.fought_arrow(),
                caption,
                "\n".join(
                    [_("Battle {order} of the turn: {caption}.").format(order=row.order, caption=caption), *row.words]
                ),
                width=5,
                badge=style.result_badge(sc, row),
                caption_side=side,
                avoid=kept_clear,
                bounds=bounds,
                counters=counters,
            )
            drawn.fought = (row.turn, row.order)
            taken.append(drawn.badge_box)
            kept_clear.append(_box(drawn.badge_box))
            self._add(drawn)
            made.append(drawn)
        self._fought_drawn = (inputs, made)

    def show_entering(self, pair: tuple[str, str] | None) -> None:
        """The arrow of the battle being entered in the wizard, dashed, until it is recorded (then
        it is drawn as every battle is) or the wizard closes (None). An open arrow being resolved
        is on the map already."""
        self.entering = pair
        counters = [counter.sceneBoundingRect() for counter in self.counters]
        taken = self.label_boxes + counters + [a.caption_box for a in self.arrows] + [a.badge_box for a in self.arrows]
        self._draw_entering(taken, counters)

    def _draw_entering(self, taken: list[QRectF], counters: list[QRectF]) -> None:
        if self.entering_item is not None:
            for part in self.entering_item.parts():
                if part in self._dynamic:
                    self._dynamic.remove(part)
                    self.removeItem(part)
            self.entering_item = None
        pair = self.entering
        if pair is None or any(arrow.open_pair == pair for arrow in self.arrows):
            return
        sc = self.scenario
        start, end, side = arrow_places(self.layout, [pair])[0]
        item = ArrowItem(
            start,
            end,
            style.signal(style.OPEN_ARROW),
            _("being entered"),
            _("The battle being entered: {origin} → {target} (not recorded yet).").format(
                origin=label(sc, pair[0]), target=label(sc, pair[1])
            ),
            caption_side=side,
            avoid=taken,
            bounds=self.sceneRect(),
            counters=counters,
            dashed=True,
        )
        for part in item.parts():
            self.addItem(part)
            self._dynamic.append(part)  # not among `arrows`: nothing is on record for it
        self.entering_item = item

    def mark_battle(self, turn: int | None, order: int | None) -> None:
        """Make the fought arrow of the turn's battle `order` stand out (None: none does)."""
        for arrow in self.arrows:
            arrow.set_marked(arrow.fought is not None and arrow.fought == (turn, order))

    def _add(self, item: QGraphicsItem, added: bool = False) -> None:
        """Count `item` (an arrow: with its mark) among the state's drawing; `added`: already in
        the scene (a fought arrow drawn before that stands as it was)."""
        for part in item.parts() if isinstance(item, ArrowItem) else [item]:
            if not added:
                self.addItem(part)
            self._dynamic.append(part)
        if isinstance(item, ArrowItem):
            self.arrows.append(item)

    def _counters(self, st: CampaignState, code: str, planning: bool, computer_side: str | None) -> None:
        sc = self.scenario
        groups: dict[tuple[str, str], list[str]] = {}
        for troop_id in st.troops_in(code):
            member = sc.troops[troop_id]
            groups.setdefault((member.nation, member.kind), []).append(troop_id)
        if not groups:
            return
        scale, corners = stack_places(
            self.layout.areas[code], len(groups), (COUNTER_W, COUNTER_H), 26, 4.0, self.words_of.get(code, [])
        )
        closed = legal.redeploy_closed(sc, st) if planning else ()
        for ((nation, kind), troops), (x, y) in zip(sorted(groups.items()), corners):
            people_s = planning and sc.side_of(nation) != computer_side
            movable = people_s and any(legal.redeploy_targets(sc, st, t) for t in troops)
            # A nation whose turn to redeploy is over says so on its counters (rule 1.5).
            refused = (legal.redeploy_refusal(sc, st, troops[0]) or "") if people_s and nation in closed else ""
            counter = CounterItem(
                troops, kind, self.colours[nation], counter_sentence(sc, st, troops, movable, refused), movable
            )
            counter.setScale(scale)
            counter.setPos(x, y)
            self._add(counter)
            self.counters.append(counter)

    def highlight(self, codes: Iterable[str]) -> None:
        wanted = set(codes)
        for code, area in self.areas.items():
            area.set_highlighted(code in wanted)

    def area_at(self, point: QPointF) -> str | None:
        for item in self.items(point):
            if isinstance(item, AreaItem):
                return item.code
        return None
