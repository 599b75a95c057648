"""Pack the Linux release archive: `python build/package_linux.py dist/17steps release/`.

Writes `release/17steps-VERSION-linux-MACHINE.tar.gz`, one folder holding the executable,
the freedesktop menu entry, the icon at every hicolor size, install.sh and uninstall.sh
(packaging/linux/) and a README.txt, and prints the archive's path. A tar archive keeps the
executable bits a plain download would lose.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

import appinfo
import icon

PACKAGING = appinfo.ROOT / "packaging" / "linux"
DESKTOP_ENTRY = f"{appinfo.LINUX_APP_ID}.desktop"
SHIPPED = (DESKTOP_ENTRY, "install.sh", "uninstall.sh", "README.txt")
EXECUTABLES = (appinfo.EXECUTABLE, "install.sh", "uninstall.sh")


def archive_name(version: str, machine: str) -> str:
    return f"{appinfo.EXECUTABLE}-{version}-linux-{machine}"


def fill_folder(folder: Path, executable: Path) -> None:
    folder.mkdir(parents=True)
    shutil.copy(executable, folder / appinfo.EXECUTABLE)
    for name in SHIPPED:
        shutil.copy(PACKAGING / name, folder / name)
    for name in EXECUTABLES:
        (folder / name).chmod(0o755)
    icon.write_theme_icons(folder / "icons", appinfo.LINUX_APP_ID)


def owned_by_nobody(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """Files unpack as the player's own, whoever built the archive."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def package(executable: Path, out: Path, machine: str) -> Path:
    name = archive_name(appinfo.project_version(), machine)
    out.mkdir(parents=True, exist_ok=True)
    archive = out / f"{name}.tar.gz"
    with tempfile.TemporaryDirectory(prefix="17steps-package-") as work:
        fill_folder(Path(work) / name, executable)
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(Path(work) / name, arcname=name, filter=owned_by_nobody)
    return archive


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("executable", type=Path, help="the built game, dist/17steps")
    parser.add_argument("out", type=Path, help="the folder to write the archive into")
    parser.add_argument("--machine", default=platform.machine(), help="the architecture in the name (x86_64)")
    args = parser.parse_args()
    print(package(args.executable, args.out, args.machine))
    return 0


if __name__ == "__main__":
    sys.exit(main())
