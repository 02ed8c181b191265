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
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess } from "./instance-process";

const dir = mkdtempSync(join(tmpdir(), "hourline-gc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FRESH = 1_000;

/**
 * The probe: `%InYoungGeneration` through a function compiled after natives syntax is allowed.
 * Each round compiles a new literal site, so no earlier decision carries over; it reports the
 * fewest young objects over up to three rounds. On a busy machine V8 now and then leaves a site
 * untenured (2 runs in 60 with one round, none in 80 with three), and the server must keep every
 * object young in every round.
 */
const probe = join(dir, "probe.mjs");
writeFileSync(
  probe,
  `import { setFlagsFromString } from "node:v8";
setFlagsFromString("--allow-natives-syntax");
const inYoung = new Function("o", "return %InYoungGeneration(o)");
function youngOfFresh() {
  let fewest = ${FRESH};
  for (let round = 0; round < 3 && fewest > 0; round++) {
    const make = new Function("i", "return { i, pair: [i, i + 1], name: 'n' + i };");
    const kept = [];
    for (let i = 0; i < 800_000; i++) kept.push(make(i));
    let young = 0;
    for (let i = 0; i < ${FRESH}; i++) if (inYoung(make(i))) young++;
    fewest = Math.min(fewest, young);
  }
  return fewest;
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
    const server = await startServerProcess(
      { DATA_DIR: mkdtempSync(join(dir, "data-")) },
      await freePort(),
      ["--import", probe],
    );
    try {
      server.child.kill("SIGUSR2");
      await expect
        .poll(() => youngIn(server.output()), { timeout: 30_000, interval: 100 })
        .toBe(FRESH);
    } finally {
      await server.stop("SIGKILL");
    }
  });
});
