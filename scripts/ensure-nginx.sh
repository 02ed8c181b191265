#!/usr/bin/env bash
# The multi-instance browser test puts Debian's nginx in front of two instances. Install it when
# this machine lacks it (as root, through apt-get). Only the binary is used: the test runs its own
# configuration in a temporary prefix and never starts or changes the system's nginx.
set -euo pipefail
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
if [ -x "$NGINX" ]; then exit 0; fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "nginx is missing at $NGINX. Install Debian's nginx package (apt-get install nginx)," >&2
  echo "or set NGINX_PATH to an nginx binary." >&2
  exit 1
fi
echo "Installing Debian's nginx for the multi-instance browser test..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# The package's own service is not wanted: a policy-rc.d keeps it from starting during the install
# (one that is there already is left as it is).
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get install -y -qq nginx >/dev/null
"$NGINX" -v
