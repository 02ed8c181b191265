/**
 * Debian's nginx in front of server instances, running deploy/nginx's own files: the load balancer
 * of the multi-instance tests (this suite's and the browser test's). It runs in the foreground in a
 * temporary prefix, on the test's ports, and is stopped at the end.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const repo = resolve(import.meta.dirname, "../../..");

/** Why nginx cannot be had here, or null. */
export function nginxMissing(): string | null {
  return existsSync(NGINX_PATH)
    ? null
    : `nginx is not installed at ${NGINX_PATH} (apt-get install -y nginx)`;
}

export interface NginxOptions {
  /** Answer every WebSocket upgrade with 403, as proxies that refuse them do. */
  refuseUpgrades?: boolean;
}

export interface NginxUpstream {
  port: number;
  /** Used only while the others are down. */
  backup?: boolean;
}

/**
 * nginx.conf for a prefix: deploy/nginx's upgrade map, log format and locations, in front of
 * `upstreams` (least_conn, as docs/deploy.md sets it up), listening on `port`; the access log is
 * `logs/access.log` in the prefix, in the masked format operators get.
 */
export function nginxConfig(
  prefix: string,
  port: number,
  upstreams: NginxUpstream[],
  { refuseUpgrades = false }: NginxOptions = {},
): string {
  const servers = upstreams
    .map((u) =>
      u.backup
        ? `    server 127.0.0.1:${u.port} backup;`
        : `    server 127.0.0.1:${u.port} max_fails=1 fail_timeout=5s;`,
    )
    .join("\n");
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
worker_shutdown_timeout 10s;
events { worker_connections 1024; }
http {
  include ${repo}/deploy/nginx/hourline-log-format.conf;
  access_log ${prefix}/logs/access.log hourline_masked;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  include ${repo}/deploy/nginx/hourline-upgrade.conf;
  upstream hourline {
    least_conn;
${servers}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};${refuseUpgrades ? "\n    if ($http_upgrade) { return 403; }" : ""}
    include ${repo}/deploy/nginx/hourline-locations.conf;
  }
}
`;
}

/** A temporary prefix holding nginx.conf and the directories nginx writes to. */
export function nginxPrefix(
  port: number,
  upstreams: NginxUpstream[],
  options: NginxOptions = {},
): {
  prefix: string;
  conf: string;
  args: string[];
} {
  const prefix = mkdtempSync(join(tmpdir(), "hourline-nginx-"));
  for (const dir of ["tmp", "logs"]) mkdirSync(join(prefix, dir));
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, nginxConfig(prefix, port, upstreams, options));
  return { prefix, conf, args: ["-p", prefix, "-c", conf, "-e", `${prefix}/logs/error.log`] };
}

export interface NginxProcess {
  baseUrl: string;
  wsUrl: string;
  output(): string;
  /** The access log so far (JSON lines in the hourline_masked format). */
  accessLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx in front of `upstreams` on `port`; resolves once it answers /healthz. */
export async function startNginx(port: number, upstreams: NginxUpstream[]): Promise<NginxProcess> {
  const { prefix, args } = nginxPrefix(port, upstreams);
  const child: ChildProcess = spawn(NGINX_PATH, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += String(d)));
  child.stderr?.on("data", (d: Buffer) => (output += String(d)));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const up = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const accessLog = () => {
    try {
      return readFileSync(join(prefix, "logs", "access.log"), "utf8");
    } catch {
      return "";
    }
  };
  return { baseUrl, wsUrl: `ws://127.0.0.1:${port}`, output: () => output, accessLog, stop };
}
