#!/usr/bin/env bash
# End-to-end tests of `pushlint server` with a real LSP client (pytest-lsp on pygls, pinned in
# scripts/requirements.txt): Tests/lsp/. Needs .venv/ (scripts/test makes it) and a built .build/debug/pushlint.
# PUSHLINT names another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${PUSHLINT_VENV:-.venv}
[[ -x "$venv/bin/python" ]] || { echo "scripts/check-lsp.sh: $venv/bin/python is missing; run scripts/test (or scripts/test --venv-only)" >&2; exit 2; }
export PUSHLINT=${PUSHLINT:-$PWD/.build/debug/pushlint}
[[ -x "$PUSHLINT" ]] || { echo "scripts/check-lsp.sh: $PUSHLINT is missing; run swift build" >&2; exit 2; }
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider -c Tests/lsp/pytest.ini Tests/lsp "$@"
