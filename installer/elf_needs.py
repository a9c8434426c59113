"""What the files of a built folder ask of the Linux system they run on, read from their ELF
headers with binutils' objdump: the lowest C library (glibc) that has every symbol version they
ask for (GLIBC_x.y in their version references, .gnu.version_r), and the shared libraries they
link to (NEEDED) that the folder does not hold.

    python3 installer/elf_needs.py dist/campaign-manager
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

GLIBC = re.compile(r"\bGLIBC_(\d+)\.(\d+)(?:\.(\d+))?\b")


@dataclass(frozen=True)
class ElfFile:
    """One ELF file of the folder: the libraries it links to and the symbol versions it asks for."""

    path: Path
    needed: tuple[str, ...]
    versions: tuple[str, ...]
    search_path: tuple[str, ...] = ()  # its RUNPATH (or RPATH): folders the loader looks in first

    @property
    def foreign_search_path(self) -> tuple[str, ...]:
        """The folders of its search path outside the folder it is in: the build machine's (a
        Python built with pyenv names its own lib/), which the built app must not look in."""
        return tuple(entry for entry in self.search_path if not entry.startswith("$ORIGIN"))

    @property
    def glibc(self) -> tuple[int, ...]:
        """The newest glibc version this file asks for, e.g. (2, 34); (0,) when it asks for none."""
        found = [tuple(int(n) for n in m.groups() if n is not None) for v in self.versions if (m := GLIBC.fullmatch(v))]
        return max(found, default=(0,))


def is_elf(path: Path) -> bool:
    with open(path, "rb") as file:
        return file.read(4) == b"\x7fELF"


def read_elf(path: Path) -> ElfFile:
    shown = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True, check=True).stdout
    needed, versions, search, references = [], [], [], False
    for line in shown.splitlines():
        words = line.split()
        if len(words) == 2 and words[0] == "NEEDED":
            needed.append(words[1])
        elif len(words) == 2 and words[0] in ("RUNPATH", "RPATH"):
            search += words[1].split(":")
        elif line.startswith("Version References:"):
            references = True
        elif references and len(words) == 4 and words[0].startswith("0x"):
            versions.append(words[3])  # hash, flags, index, name
        elif references and line and not line.startswith(" "):
            references = False
    return ElfFile(path, tuple(needed), tuple(versions), tuple(search))


def elf_files(folder: Path) -> list[ElfFile]:
    """Every ELF file in `folder` (links are not followed: their targets are in it too)."""
    found = sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p))
    return [read_elf(p) for p in found]


def glibc_floor(files: list[ElfFile]) -> tuple[tuple[int, ...], ElfFile | None]:
    """The lowest glibc the files run on, and one file that asks for it."""
    newest = max(files, key=lambda f: f.glibc, default=None)
    return (newest.glibc, newest) if newest is not None else ((0,), None)


def from_the_system(folder: Path, files: list[ElfFile]) -> dict[str, list[Path]]:
    """The libraries the files link to that the folder does not hold (by file or link name),
    each with the files that link to it."""
    held = {p.name for p in folder.rglob("*")}
    outside: dict[str, list[Path]] = {}
    for elf in files:
        for name in elf.needed:
            if name not in held:
                outside.setdefault(name, []).append(elf.path)
    return dict(sorted(outside.items()))


def version_words(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "dist/campaign-manager")
    files = elf_files(folder)
    floor, example = glibc_floor(files)
    print(f"{len(files)} ELF files in {folder}.")
    if example is not None:
        print(f"They need glibc {version_words(floor)} or newer ({example.path.relative_to(folder)} asks for it).")
    for name, users in from_the_system(folder, files).items():
        others = f" and {len(users) - 1} more" if len(users) > 1 else ""
        print(f"From the system: {name} (for {users[0].relative_to(folder)}{others})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
