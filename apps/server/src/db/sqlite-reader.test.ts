/**
 * The reading worker answers read-only statements from its own connection, each request with its
 * own rows, and refuses rather than hangs once it has stopped.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadSqlite, sqliteDriverPath } from "./sqlite-binding";
import { startSqliteReader, type SqliteReader } from "./sqlite-reader";

const dirs: string[] = [];
const readers: SqliteReader[] = [];
afterEach(async () => {
  for (const reader of readers.splice(0)) await reader.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function database() {
  const dir = mkdtempSync(join(tmpdir(), "hourline-reader-"));
  dirs.push(dir);
  const file = join(dir, "db.sqlite");
  const db = new (loadSqlite())(file);
  db.pragma("journal_mode = WAL");
  db.exec("create table rows (id integer primary key, name text not null)");
  const insert = db.prepare("insert into rows (name) values (?)");
  for (let i = 1; i <= 100; i++) insert.run(`row ${i}`);
  const reader = startSqliteReader(file, sqliteDriverPath());
  readers.push(reader);
  return { db, reader };
}

it("answers each read with its own rows, parameters bound, while the writer goes on", async () => {
  const { db, reader } = database();
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      reader.all<{ id: number; name: string }>("select id, name from rows where id = ?", [i + 1]),
    ),
  );
  answers.forEach((rows, i) => expect(rows).toEqual([{ id: i + 1, name: `row ${i + 1}` }]));
  // What the writer commits next is what the next read sees.
  db.prepare("insert into rows (name) values (?)").run("row 101");
  expect(await reader.all("select count(*) as n from rows", [])).toEqual([{ n: 101 }]);
  db.close();
});

it("refuses a failing statement with its error, and writes (its connection is read-only)", async () => {
  const { db, reader } = database();
  await expect(reader.all("select nope from rows", [])).rejects.toThrow(/no such column/);
  await expect(reader.all("delete from rows returning id", [])).rejects.toThrow(/readonly/i);
  expect(db.prepare("select count(*) as n from rows").get()).toEqual({ n: 100 });
  // It still answers after a failure.
  expect(await reader.all("select count(*) as n from rows", [])).toEqual([{ n: 100 }]);
  db.close();
});

it("once stopped, refuses instead of leaving a read waiting", async () => {
  const { db, reader } = database();
  await reader.stop();
  await reader.stop(); // twice is harmless
  await expect(reader.all("select 1 as one", [])).rejects.toThrow(/stopped/);
  db.close();
});
