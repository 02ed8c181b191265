/**
 * A PostgreSQL server of the test's own: a fresh cluster (initdb) in a temporary directory on a
 * spare port, which the test may restart, stop and start again without disturbing the shared
 * PostgreSQL the other suites use. Debian's server binaries (postgresql-15 or newer); as root the
 * cluster runs as the `postgres` user, since PostgreSQL refuses to run as root.
 */
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The newest installed server's bin directory, or null. */
function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

/** Why a PostgreSQL of the test's own cannot be had here, or null. */
export function postgresServerMissing(): string | null {
  return postgresBin()
    ? null
    : "PostgreSQL's server binaries are not installed under /usr/lib/postgresql (apt-get install -y postgresql)";
}

export interface PostgresProcess {
  /** A connection URL for the cluster's `postgres` database, as the trust-authenticated superuser. */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this resolves. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: resolves once the server has stopped. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

export async function startPostgresProcess(port: number): Promise<PostgresProcess> {
  const bin = postgresBin();
  if (!bin) throw new Error(postgresServerMissing() ?? "no PostgreSQL");
  const dir = mkdtempSync(join(tmpdir(), "hourline-pg-"));
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // The cluster's files belong to the postgres user; the directory above must let it in.
    await run("chown", ["postgres:postgres", dir]);
    chmodSync(dir, 0o755);
  }
  const as = (command: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", join(bin, command), ...args])
      : run(join(bin, command), args);
  await as("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  const ctl = (action: string, extra: string[] = []) =>
    as("pg_ctl", [action, "-D", data, "-w", "-t", "60", ...extra]);
  const start = async () => {
    await ctl("start", ["-o", options, "-l", join(dir, "server.log")]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restart() {
      await ctl("restart", ["-m", "fast", "-o", options, "-l", join(dir, "server.log")]);
    },
    async stop() {
      await ctl("stop", ["-m", "fast"]);
    },
    start,
    async remove() {
      await ctl("stop", ["-m", "immediate"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
