/**
 * docs/operations.md's restore procedure, run as it is written: its shell blocks are taken from the
 * document and run by bash as root, with only the values of their first lines (the installation's
 * paths, service user, database and port) set to this test's own. An installation is set up as
 * docs/deploy.md does (a system user that is not root, a DATA_DIR it owns, the environment file),
 * its server holds data, is backed up, gets more data, and is then restored, on SQLite and on
 * PostgreSQL. The instance the procedure starts must run as the service user and serve what the
 * backup held, not what came after.
 *
 * There is no systemd in a test machine: `systemctl` is a stand-in that starts an instance as
 * deploy/systemd/hourline@.service says (User, WorkingDirectory, EnvironmentFile, PORT from the
 * instance name, ExecStart) and stops it with SIGTERM.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PG_URL, postgresAvailable } from "./helpers";
import { freePort } from "./instance-process";

const repo = resolve(import.meta.dirname, "../../..");
const operationsDoc = readFileSync(join(repo, "docs/operations.md"), "utf8");
const unitFile = join(repo, "deploy/systemd/hourline@.service");

/** Why the procedure cannot run here, or null. Under CI it must run. */
function cannotRun(): string | null {
  if (process.getuid?.() !== 0) return "it needs root (useradd, install -o, runuser)";
  for (const tool of ["useradd", "setpriv", "curl", "runuser"]) {
    try {
      execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
    } catch {
      return `${tool} is not installed`;
    }
  }
  return null;
}
const why = cannotRun();
if (why) {
  if (process.env.CI) throw new Error(`The restore procedure test must run under CI, but ${why}.`);
  console.warn(`SKIPPING the restore procedure of docs/operations.md: ${why}.`);
}
const pgUp = why ? false : await postgresAvailable();
if (!why && !pgUp) {
  if (process.env.CI) throw new Error(`The restore procedure must run on PostgreSQL under CI.`);
  console.warn(`SKIPPING the restore procedure on PostgreSQL: no PostgreSQL answers at ${PG_URL}.`);
}

/** The document's blocks marked `<!-- restore-procedure: NAME -->`, in the document's order. */
function procedureBlocks(): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const m of operationsDoc.matchAll(
    /<!-- restore-procedure: ([\w ]+) -->\s*```sh\n([\s\S]*?)```/g,
  )) {
    blocks.set(m[1] ?? "", m[2] ?? "");
  }
  return blocks;
}

/**
 * The script with the values of the installation's assignment lines replaced; every name in
 * `values` must be assigned somewhere, or the document changed under the test.
 */
function withValues(script: string, values: Record<string, string>): string {
  const found = new Set<string>();
  const lines = script.split("\n").map((line) => {
    const code = (line.split("#")[0] ?? "").trim();
    const assignments = code !== "" && code.split(/\s+/).every((t) => /^[A-Z_]+=\S/.test(t));
    if (!assignments) return line;
    return line.replace(/\b([A-Z_]+)=(\S+)/g, (whole, name: string) => {
      if (!(name in values)) return whole;
      found.add(name);
      return `${name}='${values[name]}'`;
    });
  });
  expect(Object.keys(values).filter((name) => !found.has(name))).toEqual([]);
  return lines.join("\n");
}

/** The [Service] keys of the unit (the last value of a repeated key). */
function unitService(): Record<string, string> {
  const keys: Record<string, string> = {};
  let section = "";
  for (const line of readFileSync(unitFile, "utf8").split("\n")) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1] ?? "";
    const pair = /^(\w+)=(.*)$/.exec(line);
    if (section === "Service" && pair) keys[pair[1] ?? ""] = pair[2] ?? "";
  }
  return keys;
}

/**
 * `systemctl start hourline@PORT` and `systemctl stop 'hourline@*'` for this test: the instance is
 * started as the unit says, with the unit's paths and user mapped to the test's.
 */
function writeSystemctl(bin: string, state: string, mapped: Record<string, string>) {
  const unit = unitService();
  const config = {
    state,
    user: mapped[unit.User ?? ""] ?? unit.User,
    cwd: mapped[unit.WorkingDirectory ?? ""] ?? unit.WorkingDirectory,
    envFile: mapped[unit.EnvironmentFile ?? ""] ?? unit.EnvironmentFile,
    exec: (unit.ExecStart ?? "").split(" "),
    environment: unit.Environment ?? "",
  };
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, "systemctl"),
    `#!${process.execPath}
import { spawn } from "node:child_process";
import { existsSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { parseEnv } from "node:util";
const c = ${JSON.stringify(config)};
const [verb, name] = process.argv.slice(2);
const alive = (pid) => {
  try { process.kill(pid, 0); } catch { return false; }
  const stat = readFileSync(\`/proc/\${pid}/stat\`, "utf8");
  return !/^\\d+ \\(.*\\) Z/.test(stat);
};
if (verb === "start") {
  const port = /^hourline@(\\d+)(?:\\.service)?$/.exec(name)[1];
  const [key, value] = c.environment.split("=");
  const env = { PATH: process.env.PATH, ...parseEnv(readFileSync(c.envFile, "utf8")), [key]: value.replace("%i", port) };
  const log = openSync(\`\${c.state}/hourline@\${port}.log\`, "a");
  const child = spawn("setpriv", ["--reuid", c.user, "--regid", c.user, "--init-groups", "--", ...c.exec], {
    cwd: c.cwd, env, detached: true, stdio: ["ignore", log, log],
  });
  writeFileSync(\`\${c.state}/hourline@\${port}.pid\`, String(child.pid));
  child.unref();
} else if (verb === "stop") {
  for (const file of readdirSync(c.state).filter((f) => f.endsWith(".pid"))) {
    const pid = Number(readFileSync(\`\${c.state}/\${file}\`, "utf8"));
    if (alive(pid)) process.kill(pid, "SIGTERM");
    const deadline = Date.now() + 30_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (alive(pid)) process.kill(pid, "SIGKILL");
    rmSync(\`\${c.state}/\${file}\`);
  }
} else {
  console.error("systemctl stand-in: start or stop only");
  process.exit(1);
}
`,
    { mode: 0o755 },
  );
}

function sh(script: string, env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn("bash", ["-euo", "pipefail", "-c", script], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) =>
      code === 0 ? done(out) : fail(new Error(`exit ${code}:\n${script}\n---\n${out}`)),
    );
  });
}

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.warn("cleanup:", error);
    }
  }
});

const AGENT = { email: "ops@example.com", password: "a long password for the test" };

async function signIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/agent/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(AGENT),
  });
  expect(answer.status).toBe(200);
  return (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

async function contactMessages(base: string): Promise<string[]> {
  const cookie = await signIn(base);
  const answer = await fetch(`${base}/api/agent/contact-messages`, { headers: { cookie } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { message: string }[]).map((m) => m.message);
}

async function sendContact(base: string, message: string) {
  const answer = await fetch(`${base}/api/support/contact_us`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: "Ana", email: "ana@example.com", message, website: "" }),
  });
  expect(answer.status).toBe(200);
}

async function until(ready: () => Promise<boolean>, what: string, logs: () => string) {
  const deadline = Date.now() + 30_000;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${logs()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function psqlAsPostgres(sql: string) {
  execFileSync("runuser", ["-u", "postgres", "--", "psql", "-q", "-c", sql], { stdio: "pipe" });
}

describe("the documented restore", () => {
  it("names the paths and user the unit and docs/deploy.md use", () => {
    const blocks = procedureBlocks();
    expect([...blocks.keys()]).toEqual(["every store", "postgres", "start"]);
    const unit = unitService();
    const first = blocks.get("every store") ?? "";
    expect(first).toContain(`APP=${unit.WorkingDirectory} `);
    expect(first).toContain(`ENV_FILE=${unit.EnvironmentFile} `);
    // The restored DATA_DIR is the one the sandboxed unit may write: its StateDirectory.
    expect(first).toContain(`DATA=/var/lib/${unit.StateDirectory} `);
    expect(first).toContain(`SERVICE_USER=${unit.User} `);
    expect(unit.ExecStart).toBe("/usr/bin/node apps/server/dist/server.js");
  });

  for (const store of ["SQLite", "PostgreSQL"] as const) {
    const runs = !why && (store === "SQLite" || pgUp);
    it.runIf(runs)(
      `on ${store}: the blocks, as written, bring back a server run by the service user on the backup`,
      async () => {
        const tag = randomBytes(4).toString("hex");
        const root = mkdtempSync(join(tmpdir(), "hourline-restore-doc-"));
        chmodSync(root, 0o755);
        cleanups.push(() => rmSync(root, { recursive: true, force: true }));
        const user = `hl-restore-${tag}`;
        execFileSync("useradd", [
          "--system",
          "--no-create-home",
          "--home-dir",
          join(root, "var/lib/hourline"),
          "--shell",
          "/usr/sbin/nologin",
          user,
        ]);
        cleanups.push(() => execFileSync("userdel", [user]));
        const uid = Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());

        // The installation, as docs/deploy.md makes it.
        const data = join(root, "var/lib/hourline");
        const etc = join(root, "etc/hourline");
        mkdirSync(dirname(data), { recursive: true, mode: 0o755 });
        mkdirSync(data, { mode: 0o700 });
        chownSync(data, uid, uid);
        mkdirSync(etc, { recursive: true });
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const db = { name: `hl_restore_${tag}`, owner: `hl_owner_${tag}` };
        const envFile = join(etc, "hourline.env");
        writeFileSync(
          envFile,
          [
            "NODE_ENV=production",
            "HOST=127.0.0.1",
            `PUBLIC_URL=${base}`,
            `DATA_DIR=${data}`,
            // Nothing is mailed here: a port nobody listens on; the outbox keeps the mail.
            "SMTP_URL=smtp://127.0.0.1:9",
            "LOG_LEVEL=warn",
            `BOOTSTRAP_AGENT_EMAIL=${AGENT.email}`,
            `BOOTSTRAP_AGENT_PASSWORD=${AGENT.password}`,
            ...(store === "PostgreSQL"
              ? [`DATABASE_URL=postgres://${db.owner}@127.0.0.1:5432/${db.name}`]
              : []),
            ...(process.env.SITE_DIR ? [`SITE_DIR=${process.env.SITE_DIR}`] : []),
          ].join("\n") + "\n",
          { mode: 0o600 },
        );
        if (store === "PostgreSQL") {
          execFileSync("runuser", ["-u", "postgres", "--", "createuser", db.owner]);
          execFileSync("runuser", [
            "-u",
            "postgres",
            "--",
            "createdb",
            "--owner",
            db.owner,
            db.name,
          ]);
          cleanups.push(() => {
            const names = execFileSync(
              "runuser",
              [
                "-u",
                "postgres",
                "--",
                "psql",
                "-Atc",
                `select datname from pg_database where datname like '${db.name}%'`,
              ],
              { encoding: "utf8" },
            )
              .split("\n")
              .filter(Boolean);
            for (const name of names) psqlAsPostgres(`drop database "${name}" with (force)`);
            psqlAsPostgres(`drop role "${db.owner}"`);
          });
        }

        const state = join(root, "run");
        mkdirSync(state);
        const bin = join(root, "bin");
        writeSystemctl(bin, state, {
          "/opt/hourline": repo,
          "/etc/hourline/hourline.env": envFile,
          hourline: user,
        });
        const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
        cleanups.push(() => execFileSync(join(bin, "systemctl"), ["stop", "hourline@*"], { env }));
        const logs = () => readFileSync(join(state, `hourline@${port}.log`), "utf8");

        // The server holds data; it is backed up as docs/operations.md says; more data comes.
        await sh(`systemctl start hourline@${port}`, env, root);
        await until(async () => (await fetch(`${base}/readyz`)).ok, "the first start", logs);
        await sendContact(base, "Before the backup: do you have a plan for 40 people?");
        const backup = join(root, "var/backups/hourline/2026-11-25");
        await sh(`npm run --silent backup -- --env-file '${envFile}' '${backup}'`, env, repo);
        await sendContact(base, "After the backup: this one is lost by the restore.");
        expect((await contactMessages(base)).length).toBe(2);

        // The procedure, word for word.
        const blocks = procedureBlocks();
        const script = withValues(
          [
            blocks.get("every store"),
            ...(store === "PostgreSQL" ? [blocks.get("postgres")] : []),
            blocks.get("start"),
          ].join("\n"),
          {
            APP: repo,
            ENV_FILE: envFile,
            DATA: data,
            SERVICE_USER: user,
            PORTS: String(port),
            BACKUP: backup,
            ...(store === "PostgreSQL" ? { DB_NAME: db.name, DB_OWNER: db.owner } : {}),
          },
        );
        const printed = await sh(script, env, root).catch((error: Error) => {
          throw new Error(`${error.message}\n--- server log:\n${logs()}`);
        });
        expect(printed).toContain('{"status":200}');

        // The instance runs as the service user, on data it owns, and serves the backup's data.
        const pid = Number(readFileSync(join(state, `hourline@${port}.pid`), "utf8"));
        expect(readFileSync(`/proc/${pid}/status`, "utf8")).toMatch(
          new RegExp(`^Uid:\\s+${uid}\\s`, "m"),
        );
        if (store === "SQLite") expect(statSync(join(data, "hourline.sqlite")).uid).toBe(uid);
        expect(statSync(data).uid).toBe(uid);
        expect(await contactMessages(base)).toEqual([
          "Before the backup: do you have a plan for 40 people?",
        ]);
        // What was there before is kept aside, not overwritten.
        const aside = readdirSync(dirname(data)).filter((n) =>
          n.startsWith("hourline.before-restore-"),
        );
        expect(aside).toHaveLength(1);
        execFileSync(join(bin, "systemctl"), ["stop", "hourline@*"], { env });
        expect(logs()).not.toMatch(/"level":(?:50|60)/);
      },
      120_000,
    );
  }
});
