"""The machinery of the menus: one QAction per declared action, kept under its key, and the menu
bar built from a layout of those keys. What the actions are is declared in `ui/actions.py`.

An action is enabled when its declaration says it may be used now (asked of the session after
every change); one that writes to the campaign file is off while the file is read-only. An
action that may say why it is off (`refused`) says it when its keys are pressed while it is off:
a greyed item's shortcut otherwise does nothing and says nothing. A
submenu whose items come from data (recent files, open arrows, assist panels) is filled again
after every change and before it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Generic, TypeVar

from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from campaign_manager.i18n import _, pgettext
from campaign_manager.ui.session import CampaignSession

Availability = Callable[[CampaignSession], bool]
Shortcut = QKeySequence.StandardKey | str | None
Key = TypeVar("Key", bound=Enum)


def always(session: CampaignSession) -> bool:
    return True


@dataclass(frozen=True)
class ActionSpec:
    """One menu item that does something: its words, what it calls, its keys, its status tip."""

    text: str
    slot: Callable[[], object]
    shortcut: Shortcut = None
    tip: str = ""
    available: Availability = always  # when it may be used
    records: bool = False  # it writes to the campaign file: off while the file is read-only
    checked: Callable[[], bool] | None = None  # an on/off item (ticked when this says so)
    refused: Callable[[CampaignSession], str | None] | None = None  # why it is off now, if it can say


@dataclass(frozen=True)
class SubmenuSpec:
    """A menu (or submenu) whose items come from data: `fill` adds them to the emptied menu."""

    text: str
    fill: Callable[[QMenu], None]
    tip: str = ""
    available: Availability = always
    records: bool = False


class Separator(Enum):
    LINE = "line"


SEPARATOR: Final = Separator.LINE


@dataclass(frozen=True)
class MenuSpec(Generic[Key]):
    """A menu of the menu bar: its title and its items in order (keys of declared actions and
    submenus). A menu wholly made from data is declared as a SubmenuSpec and placed by its key."""

    title: str
    items: tuple[Key | Separator, ...]


def plain(text: str) -> str:
    """A menu text as it reads in a sentence (as Qt names an action by default): no mnemonic '&',
    no ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").replace("…", "").replace("...", "")


class ActionRegistry(Generic[Key]):
    """The window's menu actions and submenus, one per key, made from their declarations."""

    def __init__(
        self,
        parent: QWidget,
        session: CampaignSession,
        declared: Mapping[Key, ActionSpec | SubmenuSpec],
        menus: Sequence[MenuSpec[Key] | Key],
        say: Callable[[str], object] | None = None,
    ) -> None:
        """`say` shows why an action is off when its keys are pressed (the window's status bar)."""
        self.session = session
        self.say = say
        self.declared = dict(declared)
        self.menus = tuple(menus)
        self._actions: dict[Key, QAction] = {}
        self._submenus: dict[Key, QMenu] = {}
        self._why_off: dict[Key, QShortcut] = {}  # live only while their action is off
        for key, spec in self.declared.items():
            if isinstance(spec, SubmenuSpec):
                menu = QMenu(spec.text, parent)
                menu.aboutToShow.connect(lambda menu=menu, fill=spec.fill: self._fill(menu, fill))
                self._submenus[key] = menu
                action = menu.menuAction()
            else:
                action = QAction(spec.text, parent)
                if spec.shortcut is not None:
                    action.setShortcut(QKeySequence(spec.shortcut))
                action.setCheckable(spec.checked is not None)
                action.triggered.connect(spec.slot)
                if spec.checked is not None:  # ticked as it stands once done (a dialog may have been cancelled)
                    action.triggered.connect(lambda _=False, action=action, now=spec.checked: action.setChecked(now()))
                if spec.refused is not None and spec.shortcut is not None and say is not None:
                    why = QShortcut(QKeySequence(spec.shortcut), parent)
                    why.setEnabled(False)
                    why.activated.connect(lambda key=key: self._say_why_off(key))
                    self._why_off[key] = why
            action.setStatusTip(spec.tip)
            action.setIconText(plain(spec.text))  # its name in the list of shortcuts
            self._actions[key] = action
        placed = [item for item in self._items(self.menus) if not isinstance(item, Separator)]
        missing = set(self.declared) - set(placed)
        if missing or len(placed) != len(set(placed)) or set(placed) - set(self.declared):
            raise ValueError(f"every declared action must stand in exactly one menu (not placed: {missing})")
        session.changed.connect(self.refresh)
        session.kept_changed.connect(self.refresh)  # Undo waits while another battle entry is kept

    def __getitem__(self, key: Key) -> QAction:
        return self._actions[key]

    def submenu(self, key: Key) -> QMenu:
        return self._submenus[key]

    @staticmethod
    def _items(menus: Sequence[MenuSpec[Key] | Key]) -> list[Key | Separator]:
        return [item for menu in menus for item in (menu.items if isinstance(menu, MenuSpec) else (menu,))]

    def install(self, bar: QMenuBar) -> dict[str, QMenu]:
        """Build the menu bar from the layout; returns the menus by their plain titles (a menu of the
        layout by its English title, whatever the language: "File", "Edit"...)."""
        built: dict[str, QMenu] = {}
        for spec in self.menus:
            if not isinstance(spec, MenuSpec):
                menu = self._submenus[spec]
                bar.addMenu(menu)
            else:
                menu = bar.addMenu(_(spec.title))
                for item in spec.items:
                    if isinstance(item, Separator):
                        menu.addSeparator()
                    else:
                        menu.addAction(self._actions[item])
            built[plain(spec.title if isinstance(spec, MenuSpec) else menu.title())] = menu
        self.refresh()
        return built

    def refresh(self, only: Sequence[Key] | None = None) -> None:
        """Each action on or off as the campaign now allows; submenus filled again. `only`: just
        these actions (their submenus are not filled again, so no open menu loses its items)."""
        read_only = self.session.read_only
        for key, spec in self.declared.items():
            if only is not None and key not in only:
                continue
            enabled = spec.available(self.session) and not (spec.records and read_only)
            if isinstance(spec, SubmenuSpec):
                menu = self._submenus[key]
                menu.setEnabled(enabled)  # and so its item in the menu above
                self._fill(menu, spec.fill)
            else:
                self._actions[key].setEnabled(enabled)
                if key in self._why_off:  # the same keys, never both live: no ambiguous shortcut
                    self._why_off[key].setEnabled(not enabled)
        self.refresh_checks()

    def _say_why_off(self, key: Key) -> None:
        spec = self.declared[key]
        if self.say is None or self._actions[key].isEnabled() or not isinstance(spec, ActionSpec):
            return
        why = spec.refused(self.session) if spec.refused is not None else None
        if why is None and spec.records:
            why = self.session.read_only_reason
        action = plain(spec.text)
        self.say(
            _("{action}: {why}").format(action=action, why=why)
            if why
            else _("{action} cannot be used now").format(action=action)
        )

    def refresh_checks(self) -> None:
        """The on/off items ticked as they now stand (e.g. after the window left full screen)."""
        for key, spec in self.declared.items():
            if isinstance(spec, ActionSpec) and spec.checked is not None:
                self._actions[key].setChecked(spec.checked())

    @staticmethod
    def _fill(menu: QMenu, fill: Callable[[QMenu], None]) -> None:
        menu.clear()
        fill(menu)

    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """(menu, action, keys) for every declared action that has a shortcut, in menu order."""
        rows = []
        for menu in self.menus:
            if not isinstance(menu, MenuSpec):
                continue  # made from data: no shortcuts
            for item in menu.items:
                if isinstance(item, Separator):
                    continue
                action = self._actions[item]
                if action.shortcuts():
                    keys = pgettext("between a menu item's keyboard shortcuts (spaces kept)", " or ").join(
                        k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
                    )
                    rows.append((plain(_(menu.title)), plain(self.declared[item].text), keys))
        return rows
