import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILD_INPUTS, BUILT_ENTRY, isBuildCurrent } from "./server-build";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fixture() {
  const dir = mkdtempSync(join(tmpdir(), "hourline-build-"));
  dirs.push(dir);
  mkdirSync(join(dir, "src", "deep"), { recursive: true });
  const source = join(dir, "src", "deep", "a.ts");
  const test = join(dir, "src", "deep", "a.test.ts");
  const entry = join(dir, "server.js");
  writeFileSync(source, "export {}");
  writeFileSync(test, "export {}");
  writeFileSync(entry, "");
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
  return { dir, source, test, entry, at };
}

describe("the server bundle's currency check", () => {
  it("is current when the bundle is newer than every source", () => {
    const f = fixture();
    f.at(f.source, 1000);
    f.at(f.entry, 2000);
    expect(isBuildCurrent(f.entry, [join(f.dir, "src")])).toBe(true);
  });

  it("is stale when a source, however deep, changed after the bundle", () => {
    const f = fixture();
    f.at(f.entry, 2000);
    f.at(f.source, 3000);
    expect(isBuildCurrent(f.entry, [join(f.dir, "src")])).toBe(false);
  });

  it("ignores test files, which are never bundled", () => {
    const f = fixture();
    f.at(f.source, 1000);
    f.at(f.entry, 2000);
    f.at(f.test, 3000);
    expect(isBuildCurrent(f.entry, [join(f.dir, "src")])).toBe(true);
  });

  it("is stale when there is no bundle", () => {
    const f = fixture();
    rmSync(f.entry);
    expect(isBuildCurrent(f.entry, [join(f.dir, "src")])).toBe(false);
  });

  it("holds for the real bundle once the global setup has run", () => {
    expect(isBuildCurrent(BUILT_ENTRY, BUILD_INPUTS)).toBe(true);
  });
});

describe("what the server bundle holds", () => {
  // The global setup has made the bundle current; its source map names every file bundled in.
  const sources = (
    JSON.parse(readFileSync(`${BUILT_ENTRY}.map`, "utf8")) as { sources: string[] }
  ).sources.map((source) => resolve(dirname(BUILT_ENTRY), source));
  const ours = sources.filter((path) => !path.split(sep).includes("node_modules"));

  it("reaches into no other app: brand facts come from packages/brand, not the web app", () => {
    expect(ours.length).toBeGreaterThan(50);
    expect(ours.filter((path) => path.includes(`${sep}apps${sep}web${sep}`))).toEqual([]);
    expect(ours.some((path) => path.includes(`${sep}packages${sep}brand${sep}`))).toBe(true);
  });

  it("bundles only files its currency check watches", () => {
    const watched = (path: string) => BUILD_INPUTS.some((input) => path.startsWith(input));
    expect(ours.filter((path) => !watched(path))).toEqual([]);
  });
});
