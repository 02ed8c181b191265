import { execFile } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { init, parse } from "es-module-lexer";
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

describe("npm run backup, restore and agent:create on a deployed build", () => {
  const repo = resolve(dirname(BUILT_ENTRY), "..", "..", "..");
  const dist = dirname(BUILT_ENTRY);
  const runtime = new Set(
    Object.keys(
      (
        JSON.parse(readFileSync(join(dist, "..", "package.json"), "utf8")) as {
          dependencies: Record<string, string>;
        }
      ).dependencies,
    ),
  );

  it("load nothing but Node's modules and the server's runtime dependencies", async () => {
    await init;
    const packageOf = (specifier: string) =>
      specifier
        .split("/")
        .slice(0, specifier.startsWith("@") ? 2 : 1)
        .join("/");
    for (const command of ["backup", "restore", "agent-create", "server"]) {
      const [imports] = parse(readFileSync(join(dist, `${command}.js`), "utf8"));
      const bare = imports
        .map((i) => i.n)
        .filter((n): n is string => n !== undefined && !n.startsWith(".") && !n.startsWith("/"));
      expect(bare.length, command).toBeGreaterThan(0);
      const outside = bare.filter(
        (n) => !n.startsWith("node:") && !builtinModules.includes(n) && !runtime.has(packageOf(n)),
      );
      expect({ command, outside }).toEqual({ command, outside: [] });
    }
  });

  it("run the bundle as it is: npm run restore -- --help leaves it untouched", async () => {
    const before = statSync(join(dist, "restore.js")).mtimeMs;
    const printed = await new Promise<string>((done, fail) =>
      execFile("npm", ["run", "--silent", "restore", "--", "--help"], { cwd: repo }, (e, out) =>
        e ? fail(e) : done(out),
      ),
    );
    expect(printed).toContain("Usage: npm run restore -- [--env-file FILE] PATH");
    expect(statSync(join(dist, "restore.js")).mtimeMs).toBe(before);
  });
});
