# SPDX-License-Identifier: MIT
"""A PEP 517 build backend with nothing but the standard library (PyPI is
not needed to build): the wheel bundles the shared library (libparlance.so,
`make shared`) next to the package, the sdist holds the package alone.

    python3 build_backend.py wheel OUTDIR [LIBRARY]    # what `make bindings-python` runs
    python3 build_backend.py sdist OUTDIR
    pip wheel bindings/python    # the same through pip (PARLANCE_LIB names the library)
"""
import base64
import hashlib
import io
import os
import platform
import sys
import tarfile
import tomllib
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def _project():
    with open(os.path.join(HERE, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def _metadata(p):
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return (f"Metadata-Version: 2.1\nName: {p['name']}\nVersion: {p['version']}\n"
            f"Summary: {p['description']}\nLicense: MIT\nRequires-Python: {p['requires-python']}\n"
            f"Description-Content-Type: text/markdown\n\n{readme}")


def _library(config_settings):
    lib = (config_settings or {}).get("lib") or os.environ.get("PARLANCE_LIB")
    if not lib:
        top = os.path.dirname(os.path.dirname(HERE))
        built = sorted(f for f in os.listdir(os.path.join(top, "build")) if f.startswith("libparlance.so.")) \
            if os.path.isdir(os.path.join(top, "build")) else []
        lib = os.path.join(top, "build", max(built, key=len)) if built else None
    if not lib or not os.path.isfile(lib):
        raise RuntimeError("parlance: no shared library to bundle: run `make shared` or set PARLANCE_LIB")
    return lib


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    p = _project()
    tag = f"py3-none-linux_{platform.machine()}"
    dist = f"{p['name']}-{p['version']}.dist-info"
    files = {}
    with open(os.path.join(HERE, "parlance", "__init__.py"), "rb") as f:
        files["parlance/__init__.py"] = f.read()
    with open(_library(config_settings), "rb") as f:
        files["parlance/libparlance.so"] = f.read()
    with open(os.path.join(HERE, "..", "..", "LICENSE"), "rb") as f:
        files[f"{dist}/LICENSE"] = f.read()
    files[f"{dist}/METADATA"] = _metadata(p).encode()
    files[f"{dist}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: parlance build_backend\n"
                              f"Root-Is-Purelib: false\nTag: {tag}\n").encode()
    record = [_record_line(n, d) for n, d in files.items()] + [f"{dist}/RECORD,,"]
    files[f"{dist}/RECORD"] = ("\n".join(record) + "\n").encode()
    name = f"{p['name']}-{p['version']}-{tag}.whl"
    os.makedirs(wheel_directory, exist_ok=True)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            info = zipfile.ZipInfo(n, date_time=(2024, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if n.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, d)
    return name


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    base = f"{p['name']}-{p['version']}"
    name = f"{base}.tar.gz"
    os.makedirs(sdist_directory, exist_ok=True)
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in ["pyproject.toml", "build_backend.py", "README.md", "parlance/__init__.py",
                    "tests/test_parlance.py"]:
            t.add(os.path.join(HERE, rel), f"{base}/{rel}")
        data = _metadata(p).encode()
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("wheel", "sdist"):
        sys.exit("usage: build_backend.py wheel|sdist OUTDIR [LIBRARY]")
    settings = {"lib": sys.argv[3]} if len(sys.argv) > 3 else None
    made = (build_wheel if sys.argv[1] == "wheel" else build_sdist)(sys.argv[2], settings)
    print(os.path.join(sys.argv[2], made))
