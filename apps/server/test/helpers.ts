/**
 * Test helpers: a configuration for an isolated app (its own temp DATA_DIR), the app itself built
 * in-process, and PostgreSQL availability for the tests that need a real server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { channel } from "node:diagnostics_channel";
import type { FastifyInstance, RouteOptions } from "fastify";
import { buildApp, type BuildOptions } from "../src/app";
import { loadConfig, type Config } from "../src/config";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** `dataDir` reuses a directory (an app "restarted" on the same data); its caller removes it. */
export function testConfig(
  env: Record<string, string> = {},
  { dataDir: reuse }: { dataDir?: string } = {},
): Config & { cleanup(): void } {
  const dataDir = reuse ?? mkdtempSync(join(tmpdir(), "hourline-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
    ...env,
  });
  return {
    ...config,
    cleanup: () => {
      if (!reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function testApp(
  env: Record<string, string> = {},
  { dataDir, ...options }: BuildOptions & { dataDir?: string } = {},
): Promise<FastifyInstance> {
  const config = testConfig(env, dataDir ? { dataDir } : {});
  const app = await buildApp(config, { logger: false, ...options });
  app.addHook("onClose", async () => config.cleanup());
  return app;
}

/** The two stores the suites that touch the database run on. */
export const stores = [
  { name: "SQLite", pg: false },
  { name: "PostgreSQL", pg: true },
] as const;
export type Store = { name: string; pg: boolean };

/**
 * Whether PostgreSQL answers. When it does not, a run on a developer's machine says so, naming
 * what is skipped, and goes on; under CI (CI set) it throws, so the file fails instead of passing
 * with half its tests skipped.
 */
export async function postgresFor(what: string): Promise<boolean> {
  const up = await postgresAvailable();
  if (!up) {
    const why = `no PostgreSQL answers at ${PG_URL}`;
    if (process.env.CI) {
      throw new Error(`${what} must run on PostgreSQL under CI, but ${why}.`);
    }
    console.warn(
      `SKIPPING ${what} on PostgreSQL: ${why}. ` +
        "Start it (see docs/testing.md) or set TEST_DATABASE_URL.",
    );
  }
  return up;
}

/**
 * testApp() on SQLite, or on PostgreSQL in a fresh schema that closing the app drops (each file,
 * and each app of a file, has its own, so files running in parallel never meet).
 */
export async function testAppOn(
  store: { pg: boolean },
  env: Record<string, string> = {},
  options: BuildOptions & { dataDir?: string } = {},
): Promise<FastifyInstance> {
  if (!store.pg) return testApp(env, options);
  const { schema, drop } = await freshPgSchema();
  try {
    const app = await testApp({ ...env, DATABASE_URL: PG_URL }, { ...options, pgSchema: schema });
    // Dropped once the app is closed: an onClose hook added now would run before the plugins'
    // own, while the database is still in use.
    const close = app.close.bind(app);
    const closeThenDrop = async () => {
      await close();
      await drop();
    };
    // close() has callback overloads the tests never use; the promise form is the one replaced.
    app.close = closeThenDrop as unknown as FastifyInstance["close"];
    return app;
  } catch (err) {
    await drop();
    throw err;
  }
}

/** True when a PostgreSQL server answers at PG_URL; the caller prints why it skips when it does not. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates a fresh database, for a server run as a child process (which takes its database from
 * DATABASE_URL alone, with no schema option); drop() ends its connections and removes it.
 */
export async function freshPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Creates a fresh schema for one test file and returns it with a function that drops it. */
export async function freshPgSchema(): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/**
 * Runs `start` while `hook` sees every route any Fastify instance registers, before it is
 * registered (so it may add hooks to it). The hook is added the moment Fastify creates an instance,
 * before any plugin registers a route.
 */
export async function onEveryRoute<T>(
  hook: (route: RouteOptions) => void,
  start: () => Promise<T>,
): Promise<T> {
  const init = channel("fastify.initialization");
  const addHook = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook("onRoute", hook);
  };
  init.subscribe(addHook);
  try {
    return await start();
  } finally {
    init.unsubscribe(addHook);
  }
}

/** Runs `start` while recording every route any Fastify instance registers, as "METHOD /url". */
export function recordingRoutes<T>(registered: string[], start: () => Promise<T>): Promise<T> {
  return onEveryRoute((route) => {
    for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
  }, start);
}
