import { describe, expect, it } from "vitest";
import { loadSqlite, sqliteBindingFor } from "./sqlite-binding";

describe("the SQLite driver for each Node line", () => {
  it.each([
    ["20.20.2", "better-sqlite3-node20"],
    ["v20.19.0", "better-sqlite3-node20"],
    ["21.7.3", "better-sqlite3-node20"],
    ["22.12.0", "better-sqlite3"],
    ["24.21.0", "better-sqlite3"],
    ["v26.0.0", "better-sqlite3"],
  ])("Node %s loads %s", (version, driver) => {
    expect(sqliteBindingFor(version)).toBe(driver);
  });

  it(`loads on this Node (${process.versions.node}) and runs a statement`, () => {
    const Sqlite = loadSqlite();
    const db = new Sqlite(":memory:");
    try {
      expect(db.prepare("select sqlite_version() as v").get()).toMatchObject({
        v: expect.stringMatching(/^3\./),
      });
    } finally {
      db.close();
    }
  });
});
