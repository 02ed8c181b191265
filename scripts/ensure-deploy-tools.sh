#!/usr/bin/env bash
# The tools that check deploy/'s files on Debian 12's own packages (scripts/check-deploy-config.sh):
# nginx (scripts/ensure-nginx.sh), openssl, systemd-analyze, and promtool; and curl, which the
# documented procedures use (apps/server/test/restore-procedure.test.ts runs them). Installs what is missing
# as root through apt-get. promtool comes from Debian's prometheus package, which also holds the
# server and its service: the package is downloaded, not installed, and promtool alone is taken
# out of it into a cache folder. Prints the folder holding promtool.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-nginx.sh >&2

missing=()
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
command -v dpkg-deb >/dev/null 2>&1 || missing+=(dpkg)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "Missing: ${missing[*]}. Install them (apt-get install ${missing[*]})." >&2
    exit 1
  fi
  echo "Installing ${missing[*]} for the deployment checks..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if command -v promtool >/dev/null 2>&1; then
  dirname "$(command -v promtool)"
  exit 0
fi
tools="${HOURLINE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/hourline-tools}"
if [ -x "$tools/promtool" ]; then
  echo "$tools"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "promtool is missing: install Prometheus's promtool, or put it on PATH." >&2
  exit 1
fi
echo "Fetching promtool from Debian's prometheus package (downloaded, not installed)..." >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# apt-get download needs current package lists; root can refresh them.
if ! (cd "$work" && apt-get download -qq prometheus >&2 2>/dev/null); then
  if [ "$(id -u)" = "0" ]; then apt-get update -qq >&2; fi
  (cd "$work" && apt-get download -qq prometheus >&2)
fi
dpkg-deb --fsys-tarfile "$work"/prometheus_*.deb | tar -x -C "$work" ./usr/bin/promtool
mkdir -p "$tools"
install -m 0755 "$work/usr/bin/promtool" "$tools/promtool"
"$tools/promtool" --version >&2
echo "$tools"
