"""PEP 517 build backend of the repository's pyproject.toml, for pre-commit's python hook.

pre-commit installs a `language: python` hook with `pip install .` in the hook's repository. This backend writes a
wheel with no files, `pushlint-pre-commit`, whose one requirement is `pushlint==PushLintInfo.version`: pip then
installs the platform wheel of that exact version (from PyPI, or from PIP_FIND_LINKS offline), which puts the
prebuilt `pushlint` binary on the hook's PATH. Standard library only, so building it downloads nothing.
"""

import base64
import hashlib
import os
import re
import zipfile

NAME = "pushlint_pre_commit"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _version():
    path = os.path.join(ROOT, "Sources", "PushLintModel", "PushLintInfo.swift")
    with open(path, encoding="utf-8") as source:
        found = re.findall(r'^\s*public static let version = "([^"]+)"$', source.read(), re.M)
    if len(found) != 1:
        raise RuntimeError(f"{path}: no single `public static let version`")
    return found[0]


def _metadata():
    version = _version()
    return (
        "Metadata-Version: 2.1\n"
        "Name: pushlint-pre-commit\n"
        f"Version: {version}\n"
        "Summary: Installs pushlint for its pre-commit hook\n"
        "Requires-Python: >=3.8\n"
        f"Requires-Dist: pushlint=={version}\n"
    )


def _dist_info():
    return f"{NAME}-{_version()}.dist-info"


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    folder = os.path.join(metadata_directory, _dist_info())
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "METADATA"), "w", encoding="utf-8") as out:
        out.write(_metadata())
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    dist_info = _dist_info()
    files = {
        f"{dist_info}/METADATA": _metadata().encode(),
        f"{dist_info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: pre_commit_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = ""
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record += f"{name},sha256={digest},{len(data)}\n"
    files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    name = f"{NAME}-{_version()}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), data)
    return name
