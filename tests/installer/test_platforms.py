"""What the builds tell macOS and Windows about the campaign file (installer/platforms.py, read by
the spec; installer/windows/campaign-manager.iss) agrees with the app and with the Linux files:
the extension, the MIME type, the window program; the identifiers are the project's home in
reverse, as the AppStream id is; the Info.plist additions are a valid property list."""

from __future__ import annotations

import importlib.util
import plistlib
import re
import tomllib
import xml.etree.ElementTree as ET
from types import ModuleType

from campaign_manager.paths import WINDOW_PROGRAM
from campaign_manager.ui.file_menu import CAMPAIGN_SUFFIX
from tests.shared import ROOT

INSTALLER = ROOT / "installer"


def platforms() -> ModuleType:
    spec = importlib.util.spec_from_file_location("platforms", INSTALLER / "platforms.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_campaign_file_is_the_same_type_everywhere():
    declared = platforms()
    assert "." + declared.EXTENSION == CAMPAIGN_SUFFIX
    assert declared.WINDOW_PROGRAM == WINDOW_PROGRAM
    mime = ET.parse(INSTALLER / "linux" / "campaign-manager.xml").getroot()
    types = mime.findall("{http://www.freedesktop.org/standards/shared-mime-info}mime-type")
    assert [kind.get("type") for kind in types] == [declared.MIME_TYPE]


def test_the_macos_declarations_are_a_property_list_that_exports_and_opens_the_type():
    declared = platforms()
    plist = plistlib.loads(plistlib.dumps(declared.INFO_PLIST))
    assert plist == declared.INFO_PLIST
    (exported,) = plist["UTExportedTypeDeclarations"]
    assert exported["UTTypeIdentifier"] == declared.CAMPAIGN_UTI
    assert exported["UTTypeTagSpecification"]["public.filename-extension"] == [declared.EXTENSION]
    assert exported["UTTypeTagSpecification"]["public.mime-type"] == [declared.MIME_TYPE]
    assert "public.data" in exported["UTTypeConformsTo"]
    (document,) = plist["CFBundleDocumentTypes"]
    assert document["LSItemContentTypes"] == [declared.CAMPAIGN_UTI]
    assert document["CFBundleTypeRole"] == "Editor" and document["LSHandlerRank"] == "Owner"


def test_the_identifiers_are_the_project_s_home_in_reverse():
    declared = platforms()
    home = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Homepage"]
    host, owner, name = re.fullmatch(r"https://(github\.com)/([\w-]+)/([\w-]+)", home).groups()
    reverse = f"io.github.{owner}.{name}" if host == "github.com" else None
    assert declared.BUNDLE_ID == reverse
    for identifier in (declared.BUNDLE_ID, declared.CAMPAIGN_UTI):  # what macOS allows in them
        assert re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+", identifier), identifier
    (metainfo,) = (INSTALLER / "linux").glob("*.metainfo.xml")
    assert ET.parse(metainfo).getroot().findtext("id") == declared.BUNDLE_ID.replace("-", "_")


def test_the_windows_installer_associates_the_same_file_with_the_window_program():
    declared = platforms()
    script = (INSTALLER / "windows" / "campaign-manager.iss").read_text(encoding="utf-8")
    defines = dict(re.findall(r'^#define (\w+) "([^"]*)"', script, re.MULTILINE))
    assert defines["WindowProgram"] == f"{declared.WINDOW_PROGRAM}.exe"
    assert defines["ProgId"] == declared.WINDOWS_PROG_ID
    assert f"Software\\Classes\\.{declared.EXTENSION}\\OpenWithProgids" in script
    assert 'ValueData: """{app}\\{#WindowProgram}"" ""%1"""' in script  # the file, quoted, to the window
    assert "ChangesAssociations=yes" in script
    assert re.search(r"^Source: \"\.\.\\\.\.\\dist\\campaign-manager\\\*\"", script, re.MULTILINE)
