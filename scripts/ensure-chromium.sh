#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it when this machine lacks it (as root, through
# apt-get); never download a browser build from anywhere else.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing at $CHROMIUM. Install Debian's chromium package (apt-get install chromium)," >&2
  echo "or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
"$CHROMIUM" --version
