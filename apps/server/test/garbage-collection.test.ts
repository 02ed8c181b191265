/**
 * The bundled server runs without V8's allocation-site pretenuring (decision 0067): a site whose
 * objects survived their first collections keeps allocating young objects, so a dead request's
 * objects never sit in the old generation holding the next requests' young ones through every
 * scavenge.
 *
 * A probe, preloaded into the process, makes objects at one literal site while keeping them
 * alive (the pattern V8 tenures), then reports how many fresh objects from that site are still
 * young. Run in a plain Node the probe sees the site tenured, which shows it can tell; run inside
 * the started server it must see every fresh object young.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, SERVER_ENTRY } from "./instance-process";

const dir = mkdtempSync(join(tmpdir(), "hourline-gc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FRESH = 1_000;

/**
 * The probe: `%InYoungGeneration` through a function compiled after natives syntax is allowed.
 * Each run compiles a new literal site, so no earlier decision carries over.
 */
const probe = join(dir, "probe.mjs");
writeFileSync(
  probe,
  `import { setFlagsFromString } from "node:v8";
setFlagsFromString("--allow-natives-syntax");
const inYoung = new Function("o", "return %InYoungGeneration(o)");
function youngOfFresh() {
  const make = new Function("i", "return { i, pair: [i, i + 1], name: 'n' + i };");
  const kept = [];
  for (let i = 0; i < 800_000; i++) kept.push(make(i));
  let young = 0;
  for (let i = 0; i < ${FRESH}; i++) if (inYoung(make(i))) young++;
  return young;
}
const report = () => console.log(JSON.stringify({ probe: "pretenuring", young: youngOfFresh() }));
if (process.env.PROBE_NOW) report();
else process.on("SIGUSR2", report);
`,
);

const youngIn = (output: string): number | undefined => {
  const line = output.split("\n").find((l) => l.includes('"probe":"pretenuring"'));
  return line ? (JSON.parse(line) as { young: number }).young : undefined;
};

describe("garbage collection", () => {
  it("the probe sees a surviving site tenured in a plain Node process", () => {
    const plain = spawnSync(process.execPath, ["--import", probe, "-e", ""], {
      env: { PATH: process.env.PATH, PROBE_NOW: "1" },
      encoding: "utf8",
    });
    expect(plain.status).toBe(0);
    expect(youngIn(plain.stdout)).toBe(0);
  });

  it("the started server allocates every fresh object of that site young", async () => {
    const port = await freePort();
    const data = mkdtempSync(join(dir, "data-"));
    const child = spawn(process.execPath, ["--import", probe, SERVER_ENTRY], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: data,
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const waiters: { text: string; resolve: () => void }[] = [];
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString();
      for (const w of waiters.filter((w) => output.includes(w.text))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
    const exited = new Promise<never>((_resolve, reject) =>
      child.once("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`))),
    );
    const seen = (text: string) =>
      Promise.race([
        exited,
        output.includes(text)
          ? Promise.resolve()
          : new Promise<void>((resolve) => waiters.push({ text, resolve })),
      ]);
    try {
      await seen("Hourline is serving");
      const reported = seen('"probe":"pretenuring"');
      child.kill("SIGUSR2");
      await reported;
      expect(youngIn(output)).toBe(FRESH);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
