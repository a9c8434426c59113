"""The Debian package (.deb) made from the one-folder app: `installer/build --deb` builds the app
and then this; `python3 installer/debian.py` packages a dist/campaign-manager/ already built.

    /opt/campaign-manager/                 the one-folder app, as built
    /usr/bin/campaign-manager              links to its two programs
    /usr/bin/campaign-manager-window
    /usr/share/applications/, metainfo/, mime/packages/, icons/hicolor/
                                           the files of installer/linux/ and resources/icons/
    /usr/share/doc/campaign-manager/copyright   every bundled licence
    /usr/share/man/man1/                   campaign-manager(1)

Depends is worked out from the bundle itself: the libraries its ELF files link to that it does not
hold (installer/elf_needs.py), each mapped to the package that has it on this machine (dpkg -S)
at the version its shlibs file asks for; the C library at the lowest version the bundle's symbol
versions allow. So the package must be built on Debian or Ubuntu, on the oldest release it is
meant for (installer/Containerfile.ubuntu22.04).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from email.utils import formatdate
from pathlib import Path

from elf_needs import elf_files, from_the_system, glibc_floor, version_words

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "installer" / "linux"
METAINFO = LINUX / "io.github.firestorm_campaign_manager.campaign_manager.metainfo.xml"  # named after its id
ICONS = ROOT / "resources" / "icons"
PACKAGE = "campaign-manager"
OPT = Path("opt") / PACKAGE
# Where each of the bundle's binaries came from, written by installer/campaign-manager.spec.
SOURCES = ROOT / "build" / "pyinstaller" / "campaign-manager" / "binary-sources.tsv"
# Who the package names as its maintainer: DEBFULLNAME and DEBEMAIL, as Debian's own tools read
# them; a release sets them. The default names the project at an address that reaches no one.
MAINTAINER = "The Firestorm Campaign Manager developers <maintainers@firestorm-campaign-manager.invalid>"
# What the bundle needs at run time that no ELF link shows: its own fontconfig reads the system's
# font configuration (/etc/fonts) and fonts; the xcb platform's keyboard tables (xkb-data).
NOT_LINKED = ["fontconfig-config", "xkb-data"]
# Lintian's complaints that are what this package is: a self-contained app from outside Debian.
OVERRIDES = """\
# A self-contained app from outside the Debian archive: /opt is where the FHS puts add-on
# application packages, and the bundle brings its own Python, Qt and libraries (their copies
# are what the app was tested with; their licences are in the copyright file).
{p}: dir-or-file-in-opt [opt/{p}/*]
{p}: embedded-library *
# Two of Python's own modules call nothing from the C library: they need not link to it.
{p}: library-not-linked-against-libc [opt/{p}/_internal/python3*/lib-dynload/*]
"""

# The menu's, the file types' and the icons' caches, refreshed where their tools are installed
# (on Debian and Ubuntu these packages' dpkg triggers do it as well; other dpkg systems may lack them).
REFRESH = """\
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q /usr/share/applications || true
    fi
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database /usr/share/mime || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t -f /usr/share/icons/hicolor || true
    fi
"""
POSTINST = f"""\
#!/bin/sh
set -e
if [ "$1" = configure ] || [ "$1" = abort-upgrade ] || [ "$1" = abort-remove ]; then
{REFRESH}fi
exit 0
"""
# /opt is made by base-files' postinst and owned by no package: dpkg deletes it, empty, with the
# last package's files in it. Removing the app leaves the system as it was, /opt included.
POSTRM = f"""\
#!/bin/sh
set -e
if [ "$1" = remove ] || [ "$1" = purge ]; then
    [ -d /opt ] || mkdir -m 755 /opt
{REFRESH}fi
exit 0
"""

# Full texts of licences every Debian system keeps in /usr/share/common-licenses: the copyright
# file names the file there instead (Debian Policy 12.5), from a text's title to its end.
COMMON_LICENCES = [
    ("GPL-2", "GNU General Public License version 2", r"GNU GENERAL PUBLIC LICENSE\s+Version 2, June 1991"),
    ("GPL-3", "GNU General Public License version 3", r"GNU GENERAL PUBLIC LICENSE\s+Version 3, 29 June 2007"),
    ("Apache-2.0", "Apache License version 2.0", r"Apache License\s+Version 2\.0, January 2004"),
]
LICENCE_END = (
    r"END OF TERMS AND CONDITIONS(?:\s+(?:APPENDIX: )?How to [Aa]pply .{0,3000}?"
    r"(?:instead of this License\.(?:\s+But first, please read\s+<\S+>\.)?|limitations under the License\.))?"
)

MANPAGE = """\
.TH CAMPAIGN-MANAGER 1 "{date}" "{version}" "Firestorm Campaign Manager"
.SH NAME
campaign-manager, campaign-manager-window \\- {summary}
.SH SYNOPSIS
.B campaign-manager
.RI [ FILE ]
.br
.B campaign-manager
.I COMMAND
.RI [ ARGUMENTS ]
.br
.B campaign-manager-window
.RI [ FILE ]
.SH DESCRIPTION
With no command, or on a campaign
.IR FILE ,
.B campaign-manager
opens the app window; its commands create, show and play campaigns and print their reports from
the command line.
.B campaign-manager-window
is the window alone, what the desktop's menu entry starts.
.PP
.B campaign-manager \\-\\-help
lists the commands, and
.B campaign-manager
.I COMMAND
.B \\-\\-help
says what each one does.
.SH FILES
.TP
.I ~/.local/share/Firestorm/Firestorm Campaign Manager/
the campaign started with no file, the user's own scenarios and the log
.TP
.I /usr/share/doc/campaign-manager/copyright
the licences of the app and of every library it bundles
"""


def deb_version(app: Path) -> str:
    """The app's version, from its bundled metadata, with the package's revision: 0.1.0-1."""
    found = sorted((app / "_internal").glob("firestorm_campaign_manager-*.dist-info"))
    if not found:
        raise SystemExit(f"{app} holds no firestorm_campaign_manager metadata: is it the one-folder app?")
    return found[-1].name.removeprefix("firestorm_campaign_manager-").removesuffix(".dist-info") + "-1"


def owners(libraries: list[str]) -> dict[str, str]:
    """The Debian package that has each of `libraries` (NEEDED names) on this machine, found from
    where the dynamic loader finds them (ldconfig's cache); a library no package has is left out."""
    cache = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    machine = {"x86_64": "x86-64", "aarch64": "AArch64"}.get(os.uname().machine, os.uname().machine)
    where: dict[str, str] = {}  # library -> its file
    for line in cache.splitlines()[1:]:
        name, _, path = line.strip().partition(" => ")
        library = name.split(" ", 1)[0]
        if library in libraries and (machine in name or "," not in name):
            where.setdefault(library, path)
    packages = path_owners(list(where.values()))
    return {library: packages[path] for library, path in where.items() if path in packages}


def path_owners(paths: list[str]) -> dict[str, str]:
    """The Debian package each file of `paths` belongs to (dpkg -S), by the path as given; a file
    of no package is left out."""
    candidates: dict[str, str] = {}  # a path dpkg may know the file by -> the path given
    for path in paths:
        for each in (path, os.path.realpath(path)):  # /lib or /usr/lib: merged /usr has both
            for variant in (each, re.sub(r"^/usr/lib/", "/lib/", each), re.sub(r"^/lib/", "/usr/lib/", each)):
                candidates.setdefault(variant, path)
    said = subprocess.run(["dpkg-query", "-S", *candidates], capture_output=True, text=True).stdout
    found: dict[str, str] = {}
    for line in said.splitlines():
        package, _, known = line.partition(": ")
        if known in candidates:
            found.setdefault(candidates[known], package.split(":")[0])
    return found


def shlibs_version(package: str, library: str) -> str:
    """The lowest version of `package` its shlibs file names for `library`, e.g. '>= 1.12'."""
    name, _, number = library.partition(".so.")
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
    for shlibs in (Path(f"/var/lib/dpkg/info/{package}:{arch}.shlibs"), Path(f"/var/lib/dpkg/info/{package}.shlibs")):
        if shlibs.exists():
            for line in shlibs.read_text().splitlines():
                words = line.split(maxsplit=3)
                if len(words) >= 3 and words[0] == name and words[1] == number.split(".")[0] and words[2] == package:
                    match = re.search(r"\((.*)\)", line)
                    return match.group(1) if match else ""
    return ""


def depends(app: Path) -> tuple[str, str, dict[str, str]]:
    """The Depends field, the lowest glibc, and the package of each library from the system."""
    files = elf_files(app)
    floor, _ = glibc_floor(files)
    wanted = from_the_system(app, files)
    found = owners(list(wanted))
    missing = sorted(set(wanted) - set(found))
    if missing:
        raise SystemExit(f"No installed package has {', '.join(missing)}, which the bundle links to.")
    packages: dict[str, str] = {}
    for library, package in found.items():
        version = f">= {version_words(floor)}" if package == "libc6" else shlibs_version(package, library)
        if package not in packages or (version and packages[package] < version):
            packages[package] = version
    for package in NOT_LINKED:
        packages.setdefault(package, "")
    field = ", ".join(f"{p} ({v})" if v else p for p, v in sorted(packages.items()))
    return field, version_words(floor), found


def metainfo() -> tuple[str, str, str]:
    """The AppStream component's id, summary and description (as paragraphs)."""
    component = ET.parse(METAINFO).getroot()
    description = component.find("description")
    paragraphs = (
        [" ".join("".join(p.itertext()).split()) for p in description.findall("p")] if description is not None else []
    )
    items = [" ".join("".join(li.itertext()).split()) for li in component.iterfind("description/ul/li")]
    text = "\n\n".join(paragraphs) + ("\n\n" + "\n".join(f" * {item}" for item in items) if items else "")
    return component.findtext("id").strip(), component.findtext("summary").strip(), text


def control_description(summary: str, text: str) -> str:
    lines = []
    for block in text.split("\n\n"):
        if block.startswith(" * "):
            lines += [f"  {line.strip()}" for line in block.splitlines()]
        else:
            lines += [f" {line}" for line in textwrap.wrap(block, 78)]
        lines.append(" .")
    return f"{summary}\n" + "\n".join(lines[:-1])


def copyright_text(python: Path, binary_sources: Path) -> str:
    """Every bundled licence, as a machine-readable copyright file: the app and its Python
    libraries (from their metadata, by the app's licences module), Python itself, PyInstaller's
    program (the bootloader), and each system library the build machine's packages gave the
    bundle (found from where each came from: `binary_sources`, written by the spec)."""
    target = ROOT / "build" / "deb-copyright"
    subprocess.run(
        [python, "-m", "campaign_manager.licences", "--debian-copyright", target], check=True, cwd=ROOT / "build"
    )
    paragraphs = [target.read_text(encoding="utf-8").rstrip("\n")]
    found = subprocess.run(
        [python, "-c", "import sys, PyInstaller; print(sys.base_prefix); print(PyInstaller.__path__[0])"],
        capture_output=True, text=True, check=True,
    ).stdout.split("\n")  # fmt: skip
    base, pyinstaller = Path(found[0]), Path(found[1])
    python_licence = next(iter(sorted(base.glob("lib/python3*/LICENSE.txt"))), None)
    if python_licence is not None:
        paragraphs.append(
            f"Files: {OPT}/_internal/libpython3* {OPT}/_internal/base_library.zip {OPT}/_internal/python3*/*\n"
            f"Copyright: Python Software Foundation\nLicense: PSF-2.0\n" + dep5(python_licence.read_text())
        )
    copying = next(iter(sorted(pyinstaller.parent.glob("pyinstaller-*.dist-info/licenses/COPYING.txt"))), None)
    if copying is not None:
        paragraphs.append(
            f"Files: {OPT}/campaign-manager\nCopyright: PyInstaller Development Team\n"
            "License: GPL-2+ with PyInstaller bootloader exception\n"
            " The program's start-up code is PyInstaller's bootloader:\n .\n" + dep5(copying.read_text())
        )
    bundled: dict[str, list[str]] = {}  # Debian package -> the bundled files it gave
    sources = dict(line.split("\t")[::-1] for line in binary_sources.read_text().splitlines())  # source -> place
    for source, package in path_owners(list(sources)).items():
        bundled.setdefault(package, []).append(sources[source])
    for package, places in sorted(bundled.items()):
        notice = Path(f"/usr/share/doc/{package}/copyright")
        if notice.exists():
            paragraphs.append(
                "Files: " + " ".join(f"{OPT}/_internal/{place}" for place in sorted(places)) + "\n"
                f"Copyright: see below (Debian's package {package}, whose copyright file follows)\nLicense: other\n"
                + dep5(notice.read_text(errors="replace"))
            )
    return refer_to_common_licences("\n\n".join(paragraphs) + "\n")


def refer_to_common_licences(text: str) -> str:
    """`text` with each full GPL or Apache licence text in it replaced by where a Debian system
    keeps that text (it stays one line of its paragraph)."""
    for key, title, start in COMMON_LICENCES:
        words = f"On Debian systems, the complete text of the {title} is in /usr/share/common-licenses/{key}."
        text = re.sub(rf"{start}.*?{LICENCE_END}", words, text, flags=re.DOTALL)
    return text


def dep5(text: str) -> str:
    return "\n".join(f" {line.rstrip()}" if line.strip() else " ." for line in text.strip("\n").splitlines())


def write(path: Path, data: bytes | str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    path.chmod(mode)


def gzipped(data: str) -> bytes:
    return gzip.compress(data.encode(), compresslevel=9, mtime=0)


def stage_app(app: Path, stage: Path) -> None:
    """The one-folder app under /opt, its two programs linked from /usr/bin."""
    shutil.copytree(app, stage / OPT, symlinks=True)
    for path in (stage / OPT).rglob("*"):  # the programs run; nothing else needs to (shared libraries are read)
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or path.parent == stage / OPT else 0o644)
    for program in ("campaign-manager", "campaign-manager-window"):
        (stage / "usr/bin").mkdir(parents=True, exist_ok=True)
        (stage / "usr/bin" / program).symlink_to(f"/{OPT}/{program}")


def stage_desktop(share: Path) -> None:
    """The menu entry, the AppStream file, the campaign file's MIME type and the icons."""
    component, _, _ = metainfo()
    write(share / "applications/campaign-manager.desktop", (LINUX / "campaign-manager.desktop").read_bytes())
    write(share / f"metainfo/{component}.metainfo.xml", METAINFO.read_bytes())
    write(share / "mime/packages/campaign-manager.xml", (LINUX / "campaign-manager.xml").read_bytes())
    for png in sorted(ICONS.glob("campaign-manager-*.png")):
        size = png.stem.rsplit("-", 1)[1]
        write(share / f"icons/hicolor/{size}x{size}/apps/campaign-manager.png", png.read_bytes())
    write(share / "icons/hicolor/scalable/apps/campaign-manager.svg", (ICONS / "campaign-manager.svg").read_bytes())


def stage_documents(share: Path, version: str, maintainer: str, python: Path, binary_sources: Path) -> None:
    """The copyright file, the package's changelog, the manual page and lintian's overrides."""
    doc = share / "doc" / PACKAGE
    write(doc / "copyright", copyright_text(python, binary_sources))
    date = formatdate(int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or None, localtime=False)
    changelog = (
        f"{PACKAGE} ({version}) unstable; urgency=medium\n\n"
        f"  * Built from the one-folder app by installer/build --deb.\n\n -- {maintainer}  {date}\n"
    )
    write(doc / "changelog.Debian.gz", gzipped(changelog))
    _, summary, _ = metainfo()
    man = MANPAGE.format(date=date[5:16], version=version, summary=summary[0].lower() + summary[1:])
    write(share / "man/man1/campaign-manager.1.gz", gzipped(man))
    (share / "man/man1/campaign-manager-window.1.gz").symlink_to("campaign-manager.1.gz")
    write(share / f"lintian/overrides/{PACKAGE}", OVERRIDES.format(p=PACKAGE))


def stage_control(stage: Path, fields: dict[str, str]) -> None:
    """DEBIAN/: the control file (Installed-Size counted here), the maintainer scripts, md5sums."""
    _, summary, text = metainfo()
    size = sum(p.lstat().st_size for p in stage.rglob("*") if not p.is_dir()) // 1024
    fields = {**fields, "Installed-Size": str(size), "Section": "misc", "Priority": "optional"}
    fields["Description"] = control_description(summary, text)
    write(stage / "DEBIAN/control", "".join(f"{key}: {value}\n" for key, value in fields.items()))
    write(stage / "DEBIAN/postinst", POSTINST, 0o755)
    write(stage / "DEBIAN/postrm", POSTRM, 0o755)
    sums = []
    for path in sorted(stage.rglob("*")):
        if path.is_file() and not path.is_symlink() and "DEBIAN" not in path.relative_to(stage).parts:
            sums.append(f"{hashlib.md5(path.read_bytes()).hexdigest()}  {path.relative_to(stage)}")
    write(stage / "DEBIAN/md5sums", "\n".join(sums) + "\n")
    for folder in [stage, *(p for p in stage.rglob("*") if p.is_dir() and not p.is_symlink())]:
        folder.chmod(0o755)


def build_deb(app: Path, out: Path, python: Path, compression: str = "xz", binary_sources: Path = SOURCES) -> Path:
    """The .deb of the one-folder app `app`, written into `out`; xz makes the smallest file, gzip
    the quickest (the tests use it)."""
    if not binary_sources.exists():
        raise SystemExit(f"{binary_sources} is missing: build the one-folder app with installer/build first.")
    version = deb_version(app)
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
    maintainer = f"{os.environ['DEBFULLNAME']} <{os.environ['DEBEMAIL']}>" if os.environ.get("DEBEMAIL") else MAINTAINER
    stage = ROOT / "build" / "deb" / f"{PACKAGE}_{version}_{arch}"
    shutil.rmtree(stage, ignore_errors=True)
    stage_app(app, stage)
    stage_desktop(stage / "usr/share")
    stage_documents(stage / "usr/share", version, maintainer, python, binary_sources)
    field, glibc, _ = depends(app)
    stage_control(
        stage,
        {"Package": PACKAGE, "Version": version, "Architecture": arch, "Maintainer": maintainer, "Depends": field},
    )

    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"{PACKAGE}_{version}_{arch}.deb"
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", f"-Z{compression}", "--build", stage, deb],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    size = sum(p.lstat().st_size for p in stage.rglob("*") if not p.is_dir() and "DEBIAN" not in p.parts)
    print(f"Depends: {field}")
    print(f"The package needs glibc {glibc} or newer (the highest GLIBC_ symbol version its files ask for).")
    print(
        f"Built {deb.relative_to(ROOT) if deb.is_relative_to(ROOT) else deb}: {deb.stat().st_size / 2**20:.0f} MB, "
        f"{size / 2**20:.0f} MB installed."
    )
    return deb


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Make the .deb from the one-folder app already built.")
    parser.add_argument("app", nargs="?", type=Path, default=ROOT / "dist" / PACKAGE, help="the one-folder app")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the .deb goes")
    parser.add_argument(
        "--python", type=Path, default=ROOT / "build" / "venv" / "bin" / "python", help="the build environment's Python"
    )
    parser.add_argument("--compression", choices=["xz", "gzip"], default="xz", help="xz: smallest; gzip: quickest")
    args = parser.parse_args(argv)
    if shutil.which("dpkg-deb") is None:
        print("Making the .deb needs dpkg-deb (Debian or Ubuntu: the package dpkg).", file=sys.stderr)
        return 2
    build_deb(args.app.resolve(), args.out.resolve(), args.python, args.compression)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
