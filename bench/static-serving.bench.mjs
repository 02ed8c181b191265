// Static page serving: the Node server against nginx serving the same build files, same machine,
// same run, same client (wrk, one thread, 50 connections, gzip accepted). Both run one worker.
// Budget: the Node server reaches at least half of nginx's requests per second.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ensureBuild,
  ensureCommands,
  printTable,
  root,
  startProcess,
  waitForHttp,
  wrk,
} from "./tools.mjs";

ensureBuild();
ensureCommands({ nginx: "nginx-light", wrk: "wrk" });

const clientDir = join(root, "apps/web/build/client");
const home = readFileSync(join(clientDir, "index.html"), "utf8");
const script = /\/assets\/entry\.client-[^"]+\.js/.exec(home)?.[0];
const targets = [
  ["home page", "/"],
  ["pricing page", "/pricing"],
  ["blog post", "/blog-details/7"],
  ["hashed script", script],
];

const dir = mkdtempSync(join(tmpdir(), "hourline-bench-"));
const nginxPort = 3201;
const nodePort = 3202;
writeFileSync(
  join(dir, "nginx.conf"),
  `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  etag on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${clientDir};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
);

const nginx = startProcess("nginx", ["-c", join(dir, "nginx.conf"), "-p", dir]);
const node = startProcess(process.execPath, [join(root, "apps/server/dist/server.js")], {
  env: { ...process.env, PORT: String(nodePort), DATA_DIR: join(dir, "data"), LOG_LEVEL: "warn" },
});
try {
  await waitForHttp(`http://127.0.0.1:${nginxPort}/`);
  await waitForHttp(`http://127.0.0.1:${nodePort}/readyz`);
  const headers = { "Accept-Encoding": "gzip" };
  const rows = [];
  let worst = Infinity;
  for (const [name, path] of targets) {
    // Warm both, then measure each in turn.
    wrk(`http://127.0.0.1:${nginxPort}${path}`, { seconds: 2, headers });
    wrk(`http://127.0.0.1:${nodePort}${path}`, { seconds: 2, headers });
    const n = wrk(`http://127.0.0.1:${nginxPort}${path}`, { headers });
    const s = wrk(`http://127.0.0.1:${nodePort}${path}`, { headers });
    if (n.non2xx || s.non2xx)
      throw new Error(`${path}: non-2xx answers (nginx ${n.non2xx}, node ${s.non2xx})`);
    const ratio = s.rps / n.rps;
    worst = Math.min(worst, ratio);
    rows.push([
      name,
      Math.round(n.rps),
      Math.round(s.rps),
      ratio.toFixed(2),
      n.p99.toFixed(2),
      s.p99.toFixed(2),
    ]);
  }
  printTable(
    ["target", "nginx req/s", "node req/s", "node/nginx", "nginx p99 ms", "node p99 ms"],
    rows,
  );
  const ok = worst >= 0.5;
  console.log(
    `\nbudget: node >= 0.5 x nginx on every target: ${ok ? "met" : "NOT met"} (worst ${worst.toFixed(2)})`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await Promise.all([nginx.stop(), node.stop()]);
}
