/**
 * The bundled server as a process: a bad variable stops it with a message that names the variable,
 * and SIGTERM stops it cleanly. Needs `npm run build`.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ENTRY } from "./instance-process";

function run(env: Record<string, string>, untilListening = false) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { PATH: process.env.PATH, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = untilListening
    ? new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listen: ${output}`)), 15_000);
        child.stdout.on("data", () => {
          if (output.includes("Server listening")) {
            clearTimeout(timer);
            resolve();
          }
        });
      })
    : Promise.resolve();
  return { child, exited, listening, output: () => output };
}

describe("server process", () => {
  it("is built", () => expect(existsSync(SERVER_ENTRY)).toBe(true));

  it.each([
    ["PORT", "not-a-port"],
    ["DATABASE_URL", "mysql://x"],
    ["PUBLIC_URL", "nope"],
  ])("refuses to start when %s is %j and names it", async (variable, value) => {
    const proc = run({ [variable]: value });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain("Invalid configuration");
    expect(proc.output()).toContain(variable);
  });

  it("refuses to start in production without SMTP_URL", async () => {
    const proc = run({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.com" });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toMatch(/SMTP_URL .*required in production/);
  });

  it("refuses to start in production without PUBLIC_URL", async () => {
    const proc = run({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525" });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toMatch(/PUBLIC_URL .*required in production/);
  });

  it("stops cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hourline-proc-"));
    try {
      const proc = run({ PORT: "0", DATA_DIR: dataDir }, true);
      await proc.listening;
      proc.child.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
      expect(proc.output()).toContain("stopping");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // On Node 24 with better-sqlite3 12 about half of all starts, and every start on a fresh data
  // directory, ended in SIGABRT (`Assertion failed: (env) != nullptr`) instead of a clean exit.
  it(`starts and stops cleanly on Node ${process.versions.node}, on fresh and reused data directories`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hourline-proc-"));
    try {
      for (let round = 0; round < 6; round++) {
        const dir = round % 2 === 0 ? mkdtempSync(join(dataDir, "fresh-")) : dataDir;
        const proc = run({ PORT: "0", DATA_DIR: dir }, true);
        await proc.listening;
        const signal = new Promise<NodeJS.Signals | null>((resolve) =>
          proc.child.on("exit", (_code, sig) => resolve(sig)),
        );
        proc.child.kill("SIGTERM");
        expect({ round, code: await proc.exited, signal: await signal }).toEqual({
          round,
          code: 0,
          signal: null,
        });
        expect(proc.output()).not.toMatch(/Assertion failed|Segmentation fault|Aborted/);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
