/**
 * What the bundled server writes, as a process under systemd would: JSON lines from the first to
 * the last, whether it refuses its configuration, fails to start, crashes or times out stopping;
 * health probes are not request-logged; Redis going away and coming back is one line each, however
 * often /readyz is asked; and from SIGTERM until it exits /readyz answers 503 while everything else
 * is still served for the drain.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, SERVER_ENTRY, startRedisProcess } from "./instance-process";

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "hourline-proclog-"));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  exited: Promise<number | null>;
  /** Resolves once the output holds `text`. */
  waitFor(text: string): Promise<void>;
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

/** dist/server.js with `env`, optionally with a module preloaded (`node --import`). */
function run(env: Record<string, string>, preload?: string): Run {
  const child = spawn(process.execPath, [...(preload ? ["--import", preload] : []), SERVER_ENTRY], {
    env: { PATH: process.env.PATH, LOG_LEVEL: "info", NODE_ENV: "test", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (d: Buffer) => {
    output += d.toString();
    for (const w of waiters.filter((w) => output.includes(w.text))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    exited,
    output: () => output,
    kill: (signal) => child.kill(signal),
    waitFor: (text) =>
      output.includes(text)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ text, resolve });
            void exited.then(() => {
              if (!output.includes(text)) reject(new Error(`exited without "${text}":\n${output}`));
            });
          }),
  };
}

/** Every line parses as JSON (a pino line: level, time, msg); answers the parsed lines. */
function jsonLines(output: string): { level: number; msg: string; [key: string]: unknown }[] {
  const lines = output.split("\n").filter((l) => l !== "");
  expect(lines.length).toBeGreaterThan(0);
  return lines.map((line) => {
    let parsed: unknown;
    expect(() => (parsed = JSON.parse(line)), `not JSON: ${line}`).not.toThrow();
    expect(parsed).toMatchObject({ level: expect.any(Number), time: expect.any(Number) });
    return parsed as { level: number; msg: string };
  });
}

function preloadFile(source: string): string {
  const file = join(folder(), "preload.mjs");
  writeFileSync(file, source);
  return file;
}

/** GET over a kept-alive connection (a balancer's health checker keeps its connection). */
function get(port: number, path: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the server's log is JSON from the first line to the last", () => {
  it("when the configuration is refused", async () => {
    const proc = run({ PORT: "not-a-port", LOG_LEVEL: "nope" });
    expect(await proc.exited).toBe(1);
    const lines = jsonLines(proc.output());
    expect(lines.at(-1)?.msg).toMatch(/Invalid configuration[\s\S]*PORT[\s\S]*LOG_LEVEL/);
  });

  it("when the server cannot start (DATA_DIR is a file), naming the path", async () => {
    const file = join(folder(), "not-a-folder");
    writeFileSync(file, "");
    const proc = run({ PORT: "0", DATA_DIR: file });
    expect(await proc.exited).toBe(1);
    const last = jsonLines(proc.output()).at(-1);
    expect(last).toMatchObject({ msg: "could not start", level: 60 });
    expect(JSON.stringify(last)).toContain(file);
  });

  it("when it crashes: the error is one JSON line, then it stops", async () => {
    // A crash the product cannot cause on purpose: an exception thrown on the event loop.
    const preload = preloadFile(
      `process.on("SIGWINCH", () => setImmediate(() => { throw new Error("crash for the test"); }));\n`,
    );
    const proc = run({ PORT: "0", DATA_DIR: folder() }, preload);
    await proc.waitFor("Server listening");
    proc.kill("SIGWINCH");
    expect(await proc.exited).toBe(1);
    const lines = jsonLines(proc.output());
    const crash = lines.find((l) => l.msg === "stopping after an error");
    expect(crash).toMatchObject({ level: 60, err: { message: "crash for the test" } });
    expect(lines.at(-1)?.msg).toBe("stopped");
  });

  it("when stopping times out", async () => {
    // A listener that never finishes closing, as with a connection that will not end.
    const preload = preloadFile(
      `import { Server } from "node:http";\nServer.prototype.close = function () { return this; };\n`,
    );
    const proc = run({ PORT: "0", DATA_DIR: folder() }, preload);
    await proc.waitFor("Server listening");
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(1);
    const lines = jsonLines(proc.output());
    expect(lines.at(-1)).toMatchObject({ level: 60, msg: expect.stringMatching(/timed out/) });
  }, 30_000);
});

describe("health probes and readiness in the log", () => {
  it("does not request-log probes, and /readyz is 503 from SIGTERM until exit while all else is served", async () => {
    const port = await freePort();
    const proc = run({ PORT: String(port), DATA_DIR: folder(), SHUTDOWN_DRAIN_SECONDS: "2" });
    await proc.waitFor("Server listening");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 10; i++) {
        expect(await get(port, "/healthz", agent)).toBe(200);
        expect(await get(port, "/readyz", agent)).toBe(200);
      }
      expect(await get(port, "/api/agent/me", agent)).toBe(401);

      proc.kill("SIGTERM");
      await proc.waitFor("draining");
      // The drain: not ready, yet the instance still answers everything else.
      expect(await get(port, "/readyz", agent)).toBe(503);
      expect(await get(port, "/healthz", agent)).toBe(200);
      expect(await get(port, "/api/agent/me", agent)).toBe(401);
      // Until it exits, /readyz never says 200 again (a refused connection is fine: it is gone).
      const statuses = new Set<number>();
      let done = false;
      void proc.exited.then(() => (done = true));
      while (!done) {
        const status = await get(port, "/readyz", agent).catch(() => 0);
        statuses.add(status);
        if (status === 0) break;
      }
      expect([...statuses].filter((s) => s !== 503 && s !== 0)).toEqual([]);
      expect(await proc.exited).toBe(0);
    } finally {
      agent.destroy();
      proc.kill("SIGKILL");
    }
    const answered = jsonLines(proc.output()).filter((l) => l.msg === "request answered");
    const urls = answered.map((l) => (l.req as { url: string }).url);
    expect(urls.filter((u) => u === "/healthz" || u === "/readyz")).toEqual([]);
    expect(urls).toContain("/api/agent/me");
  });

  it("writes one line when Redis goes away and one when it is back, however often /readyz asks", async () => {
    const redis = await startRedisProcess(await freePort());
    if (!redis) {
      if (process.env.CI) throw new Error("redis-server must be installed under CI");
      console.warn("SKIPPING the Redis state-change log test: redis-server is not installed");
      return;
    }
    const port = await freePort();
    const proc = run({ PORT: String(port), DATA_DIR: folder(), REDIS_URL: redis.url });
    const agent = new Agent({ keepAlive: true });
    const readiness = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      return ((await res.json()) as { redis?: string }).redis;
    };
    const probeUntil = async (state: string) => {
      while ((await readiness()) !== state) await new Promise((r) => setTimeout(r, 50));
    };
    try {
      await proc.waitFor("Server listening");
      await probeUntil("up");
      await redis.kill();
      await probeUntil("down");
      for (let i = 0; i < 30; i++) expect(await readiness()).toBe("down");
      await redis.restart();
      await probeUntil("up");
      for (let i = 0; i < 10; i++) expect(await readiness()).toBe("up");
    } finally {
      agent.destroy();
      proc.kill("SIGTERM");
      await proc.exited;
      await redis.kill();
    }
    const lines = jsonLines(proc.output());
    const aboutRedis = lines.filter((l) => /redis/i.test(l.msg)).map((l) => l.msg);
    expect(aboutRedis).toEqual([
      "redis subscription lost: serving this instance's sockets alone",
      "redis subscription back: telling the sockets to catch up",
    ]);
  });
});
