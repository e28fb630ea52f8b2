"""make compile: Moosehead's compact playout (`chase.engines.moosehead.compact`) compiled by mypyc
into a C extension beside its source: about twice as fast (docs/speed.md).

    .venv/bin/python deploy/compile.py [--optional]

The extension is a twin of the module named by the digest of the source it is built from,
`compact_<digest>` (its files `compact_<digest>*.so`, git-ignored): `compact.playout` runs the
twin built from its very source for this Python, and its own Python when there is none, so a
build left from an older source, a failed build or a machine without a C compiler only make the
odds slower, never different. A build for the current source is kept (nothing to do); older
ones are removed. `--optional` (`make install`): a failure is reported, and the exit is 0.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pathlib
import shutil
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
SOURCE = ROOT / "chase" / "engines" / "moosehead" / "compact.py"
BUILD = ROOT / "build" / "mypyc"


def twin_name(source: pathlib.Path) -> str:
    """The twin's module name, as `compact.compiled_twin` looks for it."""
    return f"{source.stem}_{hashlib.sha256(source.read_bytes()).hexdigest()[:16]}"


def compile_twin(source: pathlib.Path) -> str:
    """Build the twin of `source` unless it is there; the old twins' files removed. Says what
    it did."""
    name = twin_name(source)
    built = sorted(source.parent.glob(f"{source.stem}_*.so"))
    if any(path.name.startswith(f"{name}.") for path in built):
        return f"{name} is up to date"
    from mypyc.build import mypycify  # here: a missing mypy is a failure like any other
    from setuptools import setup

    for path in built:
        path.unlink()
    for left in ("c", "temp"):  # the C and objects of older builds
        shutil.rmtree(BUILD / left, ignore_errors=True)
    copy = source.with_name(f"{name}.py")  # mypyc names the module by its file
    shutil.copyfile(source, copy)
    started = time.perf_counter()
    try:
        extensions = mypycify(
            [
                "--follow-imports=silent",  # only the twin must type-check
                f"--cache-dir={BUILD / 'mypy_cache'}",
                str(copy.relative_to(ROOT)),
            ],
            opt_level="3",
            target_dir=str(BUILD / "c"),
        )
        setup(
            name="frontier-compiled",
            packages=[],
            py_modules=[],
            ext_modules=extensions,
            script_args=["--quiet", "build_ext", "--inplace", f"--build-temp={BUILD / 'temp'}"],
        )
    finally:
        copy.unlink()
    return f"{name} built in {time.perf_counter() - started:.0f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--optional", action="store_true", help="a failure is reported, not an error"
    )
    args = parser.parse_args()
    os.chdir(ROOT)  # mypyc names a module by its path from here
    try:
        print(f"make compile: {compile_twin(SOURCE)}", flush=True)
    except (Exception, SystemExit) as error:  # setuptools exits on a compiler's failure
        if not args.optional:
            raise
        print(
            f"make compile: not compiled ({type(error).__name__}: {error}); the odds run on "
            "Moosehead's playout in Python, about twice as slow",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
