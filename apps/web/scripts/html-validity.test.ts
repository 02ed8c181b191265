/**
 * Every prerendered page (and the 404 page) through the Nu HTML Checker (the `vnu-jar` package, run
 * with Java): no errors. Needs the web build and a Java runtime; without Java the file is skipped
 * with a message, and under CI a missing Java fails it.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { siteManifestSchema } from "@hourline/contracts/site-manifest";
import { describe, expect, it } from "vitest";

const buildDir = process.env.SITE_DIR ?? new URL("../build", import.meta.url).pathname;
const clientDir = join(buildDir, "client");
const manifest = siteManifestSchema.parse(
  JSON.parse(readFileSync(join(buildDir, "site-manifest.json"), "utf8")),
);

const java = spawnSync("java", ["-version"]).status === 0;
if (!java) {
  const message = "html-validity: no Java runtime, so the Nu HTML Checker cannot run";
  if (process.env.CI) throw new Error(message);
  console.warn(`\n*** SKIPPED ${message} ***\n`);
}

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

describe.skipIf(!java)("Nu HTML Checker", () => {
  it("finds no error in any prerendered page", { timeout: 120_000 }, () => {
    const jar = join(
      dirname(createRequire(import.meta.url).resolve("vnu-jar")),
      "build/dist/vnu.jar",
    );
    const files = [...manifest.pages, manifest.notFound].map((p) => join(clientDir, p.file));
    // vnu exits 1 when it reports errors; the JSON on stderr says which.
    const run = spawnSync("java", ["-jar", jar, "--errors-only", "--format", "json", ...files], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const messages = (JSON.parse(run.stderr || "{}") as { messages?: VnuMessage[] }).messages ?? [];
    const errors = messages
      .filter((m) => m.type === "error")
      .map((m) => `${m.url.replace(`file:${clientDir}`, "")}: ${m.message} …${m.extract ?? ""}…`)
      .slice(0, 20);
    expect(errors).toEqual([]);
    expect(files.length).toBeGreaterThan(40);
  });
});
