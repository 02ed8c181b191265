/**
 * SQLite's own "unable to open database file" names neither the file nor why: the server's start-up
 * error must say which file, and which user must be able to write its folder.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database";

const dir = mkdtempSync(join(tmpdir(), "hourline-open-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a SQLite database that cannot be opened", () => {
  it("is named in the error, with the user that must be able to write its folder", () => {
    // A folder where the database file should be: SQLite cannot open it, whoever runs the test.
    const file = join(dir, "hourline.sqlite");
    mkdirSync(file);
    expect(() => openDatabase({ dataDir: dir })).toThrow(
      new RegExp(
        `^Cannot open the SQLite database ${file}: .+\\. The file and its folder \\(DATA_DIR\\) must be readable and writable by the user the server runs as \\(${userInfo().username}, uid ${userInfo().uid}\\)\\.$`,
      ),
    );
  });
});
