/**
 * Test helpers: a configuration for an isolated app (its own temp DATA_DIR), the app itself built
 * in-process, and PostgreSQL availability for the tests that need a real server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { FastifyInstance } from "fastify";
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

/** True when a PostgreSQL server answers at PG_URL; the caller prints why it skips when it does not. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch (err) {
    // Locally a suite may skip its PostgreSQL half; in CI a missing database is a failure, or a
    // broken service would pass as green.
    if (process.env.CI === "true") {
      throw new Error(`CI=true and no PostgreSQL answers at ${PG_URL}`, { cause: err });
    }
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
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
