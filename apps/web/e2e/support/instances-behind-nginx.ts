/**
 * Two server instances on one PostgreSQL database and a Redis of their own, with Debian's nginx in
 * front, running deploy/nginx's own files: what the multi-instance browser test stands up. Every
 * process is a child of the test (nginx without daemonizing, in a temporary prefix), on ports
 * derived from E2E_PORT, and is stopped at the end.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import {
  NGINX_PATH,
  nginxMissing,
  nginxPrefix,
  type NginxOptions,
} from "../../../server/test/nginx-process";
import { e2eAgent, e2ePort, smtpUrl } from "./e2e-env";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const repo = resolve(import.meta.dirname, "../../../..");

/** The ports of a stack whose numbers start at `base` (one stack per spec file, four each). */
export function stackPorts(base: number) {
  return { nginx: base, redis: base + 1, a: base + 2, b: base + 3 };
}
export type StackPorts = ReturnType<typeof stackPorts>;

export const ports = stackPorts(e2ePort + 40);
export const nginxUrl = `http://127.0.0.1:${ports.nginx}`;

/** Why the stack cannot be had here (nginx, PostgreSQL or redis-server missing), or null. */
export async function missingService(): Promise<string | null> {
  const noNginx = nginxMissing();
  if (noNginx) return noNginx;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return `no PostgreSQL answers at ${PG_URL}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const probe = spawn("redis-server", ["--version"], { stdio: "ignore" });
  const [code] = (await Promise.race([once(probe, "exit"), once(probe, "error")])) as [unknown];
  if (code !== 0) return "redis-server is not installed (apt-get install -y redis-server)";
  return null;
}

class Child {
  readonly output: string[] = [];
  readonly exited: Promise<unknown>;
  constructor(
    readonly name: string,
    readonly process: ChildProcess,
  ) {
    process.stdout?.on("data", (d: Buffer) => this.output.push(String(d)));
    process.stderr?.on("data", (d: Buffer) => this.output.push(String(d)));
    this.exited = once(process, "exit");
  }
  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    if (!this.running) return;
    this.process.kill(signal);
    await this.exited;
  }
}

async function until(what: string, check: () => Promise<boolean>, child: Child): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check().catch(() => false))) {
    if (!child.running) throw new Error(`${what} exited: ${child.output.join("")}`);
    if (Date.now() > deadline) throw new Error(`${what} not ready: ${child.output.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface Stack {
  instance: Record<"a" | "b", { url: string; stop(signal: NodeJS.Signals): Promise<void> }>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts Redis, instances A and B and nginx. The upstream lists B as a backup, so while A is up
 * every browser request goes to A and an agent connected to B is on the other instance for
 * certain; when A stops, nginx sends everybody to B.
 */
export async function startStack(
  ports: StackPorts = stackPorts(e2ePort + 40),
  nginxOptions: NginxOptions = {},
): Promise<Stack> {
  const nginxUrl = `http://127.0.0.1:${ports.nginx}`;
  const prefix = mkdtempSync(join(tmpdir(), "hourline-stack-"));
  const prefixes: string[] = [];
  const database = `t_nginx_${Date.now().toString(36)}`;
  const children: Child[] = [];
  const stopAll = async () => {
    for (const child of children.reverse()) await child.stop("SIGKILL");
    await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
    for (const dir of [prefix, ...prefixes]) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await admin(`create database ${database}`);
    const redis = new Child(
      "redis",
      spawn(
        "redis-server",
        ["--port", String(ports.redis), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: ["ignore", "pipe", "pipe"] },
      ),
    );
    children.push(redis);
    const databaseUrl = new URL(PG_URL);
    databaseUrl.pathname = `/${database}`;
    const env = {
      ...process.env,
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PUBLIC_URL: nginxUrl,
      TRUST_PROXY: "1",
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      REDIS_KEY_PREFIX: `hl-e2e-${ports.redis}:`,
      SMTP_URL: smtpUrl,
      BOOTSTRAP_AGENT_EMAIL: e2eAgent.email,
      BOOTSTRAP_AGENT_PASSWORD: e2eAgent.password,
    };
    const instance = async (name: "a" | "b") => {
      const dataDir = join(prefix, `data-${name}`);
      mkdirSync(dataDir);
      const child = new Child(
        name,
        spawn(process.execPath, [join(repo, "apps/server/dist/server.js")], {
          env: { ...env, PORT: String(ports[name]), DATA_DIR: dataDir },
          stdio: ["ignore", "pipe", "pipe"],
        }),
      );
      children.push(child);
      const url = `http://127.0.0.1:${ports[name]}`;
      await until(`instance ${name}`, async () => (await fetch(`${url}/readyz`)).ok, child);
      return { url, stop: (signal: NodeJS.Signals) => child.stop(signal) };
    };
    // One after the other: the first runs the migrations and creates the agent.
    const a = await instance("a");
    const b = await instance("b");

    // B is a backup: see above.
    const front = nginxPrefix(
      ports.nginx,
      [{ port: ports.a }, { port: ports.b, backup: true }],
      nginxOptions,
    );
    prefixes.push(front.prefix);
    const nginx = new Child(
      "nginx",
      spawn(NGINX_PATH, front.args, { stdio: ["ignore", "pipe", "pipe"] }),
    );
    children.push(nginx);
    await until("nginx", async () => (await fetch(`${nginxUrl}/healthz`)).ok, nginx);
    return {
      instance: { a, b },
      output: () => children.map((c) => `--- ${c.name}\n${c.output.join("")}`).join("\n"),
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
