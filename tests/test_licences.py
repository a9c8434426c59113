"""The bundled libraries' licences come from their installed metadata: every library the app needs
(recursively, with the extras it asks for), none of the test tools, each with its licence and at
least one full text; written out as notices (read back the same) and as a Debian copyright file
that follows copyright-format 1.0 and copies no common licence Debian keeps."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib.metadata import version

import pytest

from campaign_manager.licences import STANDARD_TEXTS, Library, LicenceText, app_library, installed_libraries
from campaign_manager.licences.__main__ import main
from campaign_manager.licences.debian import debian_copyright, without_common_licences
from campaign_manager.licences.notices import INDEX, NOTICES, read_notices, write_notices
from tests.shared import ROOT


@pytest.fixture(scope="module")
def libraries() -> list[Library]:
    return installed_libraries()


def by_name(libraries: list[Library]) -> dict[str, Library]:
    return {re.sub(r"[-_.]+", "-", library.name).lower(): library for library in libraries}


def test_every_library_the_app_needs_is_listed_with_its_licence_and_texts(libraries):
    found = by_name(libraries)
    for name in ("pyside6-essentials", "shiboken6", "reportlab", "sqlalchemy", "sqlmodel", "pydantic", "pypdfium2"):
        assert name in found, name
    assert "psycopg-binary" in found  # asked for as psycopg[binary]
    assert "pillow" in found  # reportlab's own need
    assert "python" in found  # the one-folder app bundles it
    for tool in ("pytest", "mypy", "hypothesis", "firestorm-campaign-manager", "setuptools", "pip"):
        assert tool not in found, tool
    assert found["reportlab"].version == version("reportlab")
    for library in libraries:
        assert library.licence and library.texts, library.name
        assert all(text.text.strip() for text in library.texts), library.name


def test_qt_is_lgpl_with_the_standard_texts_and_others_keep_their_own(libraries):
    found = by_name(libraries)
    qt = found["pyside6-essentials"]
    assert "LGPL-3.0" in qt.licence and "PySide6/" in qt.installs
    assert [text.name for text in qt.texts] == ["LGPL-3.0.txt", "GPL-2.0.txt", "GPL-3.0.txt"]
    assert qt.texts[0].text == (STANDARD_TEXTS / "LGPL-3.0.txt").read_text()
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in qt.texts[0].text
    assert found["reportlab"].licence == "BSD License"  # from its classifier: its License field is a sentence
    assert "ReportLab" in found["reportlab"].texts[0].text
    assert found["psycopg"].licence == "LGPL-3.0-only"  # its License-Expression
    assert any(text.name.startswith("BUILD_LICENSES/") for text in found["pypdfium2"].texts)  # PDFium's own


def test_the_notices_folder_has_every_text_and_reads_back_the_same(tmp_path, libraries):
    notices = write_notices(tmp_path / "notices", libraries)
    assert notices.name == NOTICES
    assert read_notices(tmp_path / "notices") == libraries
    written = notices.read_text(encoding="utf-8")
    for library in libraries:
        assert f"  {library.name} {library.version}: {library.licence}\n" in written
        for text in library.texts:
            assert text.text.strip() in written
    files = [path for path in (tmp_path / "notices").rglob("*") if path.is_file()]
    assert len(files) == sum(len(library.texts) for library in libraries) + 2  # the notices and the index
    assert (tmp_path / "notices" / INDEX).is_file()


def test_a_text_s_name_never_leaves_the_folder(tmp_path):
    sneaky = Library("x", "1", "MIT", texts=(LicenceText("../../etc/LICENSE", "text"),))
    write_notices(tmp_path / "out", [sneaky])
    assert (tmp_path / "out" / "x" / "etc" / "LICENSE").read_text() == "text"
    assert not (tmp_path / "etc").exists()


def paragraphs(text: str) -> list[dict[str, str]]:
    """A deb822 file's paragraphs, each field with its continuation lines."""
    found = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        key = ""
        for line in block.splitlines():
            if line.startswith(" "):
                fields[key] += "\n" + line
            else:
                key, _, value = line.partition(":")
                assert re.fullmatch(r"[A-Za-z-]+", key) and key not in fields, line
                fields[key] = value.strip()
        found.append(fields)
    return found


def test_the_debian_copyright_file_follows_the_format(libraries):
    text = debian_copyright(app_library(), libraries)
    assert "\n\n\n" not in text and text.endswith("\n") and not text.endswith("\n\n")
    header, *files = paragraphs(text)
    assert header["Format"] == "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    assert files[0]["Files"] == "*" and files[0]["License"].startswith("MIT and Bitstream-Vera\n")
    assert "MIT License" in files[0]["License"]  # the app's own LICENSE
    assert len(files) == len(libraries) + 1
    for paragraph in files:
        assert paragraph.keys() >= {"Files", "Copyright", "License"}, paragraph
        assert re.fullmatch(r"[\w.+-]+( (and|or|with) [\w.+-]+)*", paragraph["License"].splitlines()[0])
    qt = next(paragraph for paragraph in files if paragraph["Files"] == "*/PySide6/*")
    assert qt["License"].startswith("LGPL-3.0-only or GPL-2.0-only or GPL-3.0-only\n")
    assert "/usr/share/common-licenses/LGPL-3" in qt["License"]
    reportlab = next(paragraph for paragraph in files if paragraph["Files"] == "*/reportlab/*")
    assert "ReportLab Inc." in reportlab["Copyright"]


def test_the_debian_copyright_file_copies_no_common_licence(libraries):
    """What lintian refuses (its checks, Lintian/Check/Debian/Copyright.pm): a full GPL or Apache
    2.0 text, or the GPL named with no pointer to /usr/share/common-licenses."""
    text = debian_copyright(app_library(), libraries)
    assert not re.search(r"GNU GENERAL PUBLIC LICENSE\s*Version 3", text)
    assert not re.search(r"GNU GENERAL PUBLIC LICENSE\s*TERMS AND CONDITIONS FOR COPYING", text)
    assert not re.search(r"Apache License\s+Version 2.0,", text)
    assert "/usr/share/common-licenses/" in text
    gpl = (STANDARD_TEXTS / "GPL-3.0.txt").read_text()
    kept = without_common_licences(f"Before.\n\n{gpl}\nAfter.")
    assert kept.startswith("Before.\n\n[The terms of the GNU General Public License version 3")
    assert kept.endswith("GPL-3.]\n\nAfter.")  # the appendix on how to apply it went too


def test_the_command_writes_both(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "campaign_manager.licences",
            "--write",
            tmp_path / "n",
            "--debian-copyright",
            tmp_path / "c",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "PySide6" in (tmp_path / "n" / NOTICES).read_text()
    assert (tmp_path / "c").read_text().startswith("Format: ")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "say what to write"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["--write"], "expected one argument"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(argv, said, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1, err


def test_a_folder_that_is_a_file_or_cannot_be_written_is_one_line(tmp_path, capsys):
    (tmp_path / "file").write_text("")
    for argv in (["--write", str(tmp_path / "file")], ["--debian-copyright", str(tmp_path / "none" / "copyright")]):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and str(tmp_path) in err, err


def test_the_one_folder_app_reads_the_notices_its_build_shipped(tmp_path, monkeypatch, libraries):
    """It has no packages' metadata to read: the notices its build wrote into the package are the list."""
    import campaign_manager.licences as licences

    shipped = [libraries[0], Library("only-in-the-bundle", "1.0", "MIT", texts=(LicenceText("LICENSE", "x"),))]
    write_notices(tmp_path / "notices", shipped)
    monkeypatch.setattr(licences, "SHIPPED", tmp_path / "notices")
    assert licences.bundled_libraries() == shipped
    monkeypatch.setattr(licences, "SHIPPED", tmp_path / "nothing here")
    assert licences.bundled_libraries() == libraries
