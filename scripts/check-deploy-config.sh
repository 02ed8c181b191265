#!/usr/bin/env bash
# Every configuration file in deploy/ through its own tool, as Debian 12 ships them (npm test runs
# this; the tools come from scripts/ensure-deploy-tools.sh):
#   nginx -t           deploy/nginx/*, laid out as docs/deploy.md installs them, with a generated
#                      self-signed certificate, in a temporary prefix (the system's nginx is never
#                      touched); nginx 1.22 is the floor
#   systemd-analyze    verify of the template unit as an instance (hourline@3000), and security:
#                      "OK" or better (exposure below 5.0)
#   promtool           check rules and test rules of deploy/prometheus, and every query of the
#                      Grafana dashboard parsed as PromQL
# Whether the server exposes every series the dashboard and the rules read is tested against a real
# scrape in apps/server/test/metrics.test.ts. Fails on the first check that fails.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
PROMTOOL="$(bash scripts/ensure-deploy-tools.sh)/promtool"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
started=$(date +%s%N)

step() { printf '\n# %s\n' "$*"; }

step "nginx -t ($("$NGINX" -v 2>&1 | sed 's/^nginx version: //'))"
prefix="$work/nginx"
mkdir -p "$prefix/snippets" "$prefix/conf.d" "$prefix/logs" "$prefix/tmp" "$prefix/cert"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=hourline.example" \
  -keyout "$prefix/cert/privkey.pem" -out "$prefix/cert/fullchain.pem" 2>/dev/null
# The files as an operator installs them; only the paths outside nginx's folder are moved here.
for f in deploy/nginx/hourline-upgrade.conf deploy/nginx/hourline-log-format.conf \
  deploy/nginx/hourline-locations.conf; do
  cp "$f" "$prefix/snippets/"
done
sed -e "s|/etc/nginx/|$prefix/|g" \
  -e "s|/etc/letsencrypt/live/hourline.example/|$prefix/cert/|g" \
  -e "s|/var/log/nginx/|$prefix/logs/|g" \
  deploy/nginx/hourline.conf >"$prefix/conf.d/hourline.conf"
cat >"$prefix/nginx.conf" <<CONF
# Debian's /etc/nginx/nginx.conf in short, with the line docs/deploy.md adds.
worker_processes 1;
worker_shutdown_timeout 60s;
pid $prefix/nginx.pid;
error_log $prefix/logs/error.log;
events { worker_connections 768; }
http {
  include /etc/nginx/mime.types;
  client_body_temp_path $prefix/tmp/body;
  proxy_temp_path $prefix/tmp/proxy;
  fastcgi_temp_path $prefix/tmp/fastcgi;
  uwsgi_temp_path $prefix/tmp/uwsgi;
  scgi_temp_path $prefix/tmp/scgi;
  access_log $prefix/logs/access.log;
  include $prefix/conf.d/*.conf;
}
CONF
"$NGINX" -t -p "$prefix" -c "$prefix/nginx.conf" -e "$prefix/logs/error.log"

step "systemd-analyze verify hourline@3000.service"
units="$work/units"
mkdir -p "$units"
cp deploy/systemd/hourline@.service "$units/"
# verify prints a problem and may still exit 0 (an unknown key is only "ignored"): any output fails.
verify_out="$(SYSTEMD_UNIT_PATH="$units:" systemd-analyze verify hourline@3000.service 2>&1)" || {
  echo "$verify_out"
  exit 1
}
if [ -n "$verify_out" ]; then
  echo "$verify_out"
  exit 1
fi
echo "hourline@3000.service: no problems"

step "systemd-analyze security hourline@3000.service (OK or better)"
SYSTEMD_UNIT_PATH="$units:" systemd-analyze security --offline=true --threshold=49 \
  hourline@3000.service | tail -n 1

step "promtool check rules / test rules (deploy/prometheus)"
"$PROMTOOL" check rules deploy/prometheus/hourline-alerts.yml
(cd deploy/prometheus && "$PROMTOOL" test rules hourline-alerts.test.yml)

step "promtool: every query of the Grafana dashboard is PromQL"
# Grafana's variables become what they stand for, each query a recording rule for promtool.
node - "$repo/deploy/grafana/hourline-dashboard.json" >"$work/dashboard-rules.yml" <<'JS'
const dashboard = JSON.parse(require("node:fs").readFileSync(process.argv[2], "utf8"));
const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr).filter(Boolean));
if (exprs.length === 0) throw new Error("the dashboard has no queries");
const concrete = (e) => e.replaceAll("$__rate_interval", "1m").replaceAll("$instance", ".*");
console.log("groups:\n  - name: dashboard\n    rules:");
exprs.forEach((e, i) => console.log(`      - record: dashboard:query_${i}\n        expr: ${JSON.stringify(concrete(e))}`));
JS
"$PROMTOOL" check rules "$work/dashboard-rules.yml"

printf '\nEvery deploy/ file passed its own tool in %s ms.\n' $((($(date +%s%N) - started) / 1000000))
