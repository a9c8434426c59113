"""What the one-folder app tells macOS and Windows about itself and the campaign file, for the
build files to read: campaign-manager.spec gives `BUNDLE_ID` and `INFO_PLIST` to PyInstaller's
BUNDLE (the macOS app's Info.plist: the `.campaign` type it exports and opens, so that a
double-click in Finder opens the file, which the app receives as a QFileOpenEvent,
ui/sent_files.py); windows/campaign-manager.iss, the Windows installer, declares the same type
(`WINDOWS_PROG_ID`) for Explorer. Linux's declarations are in linux/ (the MIME type).

Imported by the spec (`sys.path.insert(0, SPECPATH)`) and by tests/installer/test_platforms.py,
which checks that all of them agree with one another and with the app.
"""

from __future__ import annotations

# The project's home (pyproject.toml's [project.urls]) in reverse: macOS identifiers allow
# letters, digits, hyphens and dots (the AppStream id, linux/*.metainfo.xml, spells the hyphens
# as underscores, which AppStream asks for).
BUNDLE_ID = "io.github.firestorm-campaign-manager.campaign-manager"
CAMPAIGN_UTI = "io.github.firestorm-campaign-manager.campaign"
EXTENSION = "campaign"
MIME_TYPE = "application/x-firestorm-campaign"  # linux/campaign-manager.xml
DOCUMENT_NAME = "Firestorm campaign"
WINDOW_PROGRAM = "campaign-manager-window"  # the window alone: what opens a double-clicked file
WINDOWS_PROG_ID = "FirestormCampaignManager.Campaign"

INFO_PLIST = {
    # The campaign file as a type of its own: a SQLite database with the app's extension.
    "UTExportedTypeDeclarations": [
        {
            "UTTypeIdentifier": CAMPAIGN_UTI,
            "UTTypeDescription": DOCUMENT_NAME,
            "UTTypeConformsTo": ["public.data", "public.database"],
            "UTTypeTagSpecification": {
                "public.filename-extension": [EXTENSION],
                "public.mime-type": [MIME_TYPE],
            },
        }
    ],
    # The app opens and changes it, and is its owner (the first choice for a double-click).
    "CFBundleDocumentTypes": [
        {
            "CFBundleTypeName": DOCUMENT_NAME,
            "CFBundleTypeRole": "Editor",
            "LSHandlerRank": "Owner",
            "LSItemContentTypes": [CAMPAIGN_UTI],
        }
    ],
}
