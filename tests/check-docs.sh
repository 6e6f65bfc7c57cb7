#!/bin/sh
# Checks that the book in docs/ matches the compiler: every generated region
# (compiler output shown in a chapter) is up to date, and every example of the
# language guide prints exactly what the book says. Fails with a diff
# otherwise; `python3 docs/gen/update.py` regenerates the regions.
#
# Usage: tests/check-docs.sh [path/to/wendc]   (default: builds target/debug/wendc)
set -eu
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
    WENDC=$1
else
    cargo build -q -p wendc
    WENDC=target/debug/wendc
fi
exec python3 docs/gen/update.py --check --wendc "$WENDC"
