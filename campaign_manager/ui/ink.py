"""The colours the window paints, from the palette (so a dark desktop theme stays readable) and
from the scenario's side colours, with text over any colour given the ink that reads on it.

- `role(QPalette.ColorRole.X)`: a colour of the application's palette.
- `readable_on(background)`: the palette's dark or light ink, whichever contrasts more with it
  (text over a side's tint or a nation's counter).
- `legible(colour, background)`: `colour` (a side's ink) made lighter or darker, keeping its hue,
  until it reads on `background` (WCAG's 4.5:1 for text).
- `blend(a, b, share)`: a colour between two (the map's sea and land: the palette's base and
  window tinted towards blue and sand).
- `notice_style()`: a style sheet for notices (read-only banners) in the palette's tooltip colours.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QColor, QGuiApplication, QPalette

TEXT_CONTRAST = 4.5  # WCAG AA for text
Role = QPalette.ColorRole


REFUSAL_RED = QColor("#a01818")  # what the engine refused: red, kept legible on the window


FINE_GREEN = QColor("#1d6b2a")  # what holds (a requirement met, a troop that survives)


def on_window(colour: QColor) -> str:
    """`colour` made legible on the palette's window, as a name for rich text ("#rrggbb")."""
    return legible(colour, role(Role.Window)).name()


def notice_style(bold: bool = False) -> str:
    """A style sheet for notices (the read-only banners): the palette's tooltip colours."""
    ground = role(Role.ToolTipBase)
    words = legible(role(Role.ToolTipText), ground)
    style = (
        f"background: {ground.name()}; color: {words.name()}; padding: 6px; border: 1px solid {role(Role.Mid).name()}"
    )
    return style + ("; font-weight: bold" if bold else "")


def refusal_style(bold: bool = True) -> str:
    """A style sheet for words of refusal: red (no palette role says "error"), made lighter or
    darker until it reads on the palette's window."""
    colour = legible(REFUSAL_RED, role(Role.Window))
    return f"color: {colour.name()}" + ("; font-weight: bold" if bold else "")


def role(which: QPalette.ColorRole, palette: QPalette | None = None) -> QColor:
    return QColor((palette or QGuiApplication.palette()).color(which))


def _channel(value: float) -> float:
    return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """Relative luminance (WCAG), 0 for black to 1 for white."""
    return 0.2126 * _channel(colour.redF()) + 0.7152 * _channel(colour.greenF()) + 0.0722 * _channel(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio of two colours (WCAG), 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def is_dark(colour: QColor) -> bool:
    return luminance(colour) < 0.18


def readable_on(background: QColor, palette: QPalette | None = None) -> QColor:
    """The ink for text over `background`: the palette's text colour or its opposite (the
    highlighted text's, else black or white), whichever contrasts more."""
    inks = [role(Role.WindowText, palette), role(Role.HighlightedText, palette), QColor("black"), QColor("white")]
    return inks[_most_contrast(background.getRgbF(), tuple(ink.getRgbF() for ink in inks))]


Rgba = tuple[float, float, float, float]


@cache
def _most_contrast(background: Rgba, inks: tuple[Rgba, ...]) -> int:
    """Which of `inks` contrasts most with `background` (colours as their exact channels): the
    map asks this of the same few colours on every redraw."""
    ground = QColor.fromRgbF(*background)
    contrasts = [contrast(QColor.fromRgbF(*ink), ground) for ink in inks]
    return contrasts.index(max(contrasts))


def legible(colour: QColor, background: QColor, minimum: float = TEXT_CONTRAST) -> QColor:
    """`colour` as near as it can stay to itself while reading on `background`: its lightness
    moved away from the background's until the contrast is `minimum` (else the readable ink)."""
    if contrast(colour, background) >= minimum:
        return QColor(colour)
    hue, saturation, lightness, alpha = (
        max(colour.hslHueF(), 0.0),
        colour.hslSaturationF(),
        colour.lightnessF(),
        colour.alphaF(),
    )
    towards = 1.0 if is_dark(background) else 0.0
    for step in range(1, 21):
        moved = QColor.fromHslF(hue, saturation, lightness + (towards - lightness) * step / 20, alpha)
        if contrast(moved, background) >= minimum:
            return moved
    return readable_on(background)


def blend(a: QColor, b: QColor, share: float) -> QColor:
    """`a` with `share` (0 to 1) of `b` mixed in."""
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * share,
        a.greenF() + (b.greenF() - a.greenF()) * share,
        a.blueF() + (b.blueF() - a.blueF()) * share,
        a.alphaF() + (b.alphaF() - a.alphaF()) * share,
    )


def translucent(colour: QColor, alpha: int) -> QColor:
    made = QColor(colour)
    made.setAlpha(alpha)
    return made


def dark_palette() -> QPalette:
    """A dark palette like a dark desktop theme's (for the Fusion style): to see the window as
    such a desktop shows it (the tests and the screenshots in docs/ use it)."""
    palette = QPalette()
    colours = {
        Role.Window: "#2b2b2b",
        Role.WindowText: "#e6e6e6",
        Role.Base: "#1e1e1e",
        Role.AlternateBase: "#333333",
        Role.ToolTipBase: "#3a3a3a",
        Role.ToolTipText: "#f0f0f0",
        Role.PlaceholderText: "#9a9a9a",
        Role.Text: "#e6e6e6",
        Role.Button: "#353535",
        Role.ButtonText: "#e6e6e6",
        Role.BrightText: "#ff6b6b",
        Role.Light: "#4a4a4a",
        Role.Midlight: "#404040",
        Role.Mid: "#5c5c5c",
        Role.Dark: "#1a1a1a",
        Role.Shadow: "#000000",
        Role.Highlight: "#3d7fd1",
        Role.HighlightedText: "#ffffff",
        Role.Link: "#7ab4ff",
        Role.LinkVisited: "#c08cff",
    }
    for which, colour in colours.items():
        palette.setColor(which, QColor(colour))
    for which in (Role.WindowText, Role.Text, Role.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, which, QColor("#7a7a7a"))
    return palette
