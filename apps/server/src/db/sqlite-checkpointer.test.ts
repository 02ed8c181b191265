/**
 * The checkpointing worker copies the WAL back into the database file while the writer, which
 * never checkpoints itself here, keeps writing.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, expect, it } from "vitest";
import { loadSqlite, sqliteDriverPath } from "./sqlite-binding";
import { startCheckpointer } from "./sqlite-checkpointer";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("checkpoints the WAL into the database file from its own thread, and stops", async () => {
  const dir = mkdtempSync(join(tmpdir(), "hourline-checkpoint-"));
  dirs.push(dir);
  const file = join(dir, "db.sqlite");
  const Sqlite = loadSqlite();
  const db = new Sqlite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("wal_autocheckpoint = 0");
  db.exec("create table rows (id integer primary key, body blob not null)");
  const insert = db.prepare("insert into rows (body) values (?)");
  for (let i = 0; i < 500; i++) insert.run(Buffer.alloc(4096, i % 256));
  // Everything is in the WAL: the writer never checkpoints.
  const before = statSync(file).size;
  expect(before).toBeLessThan(100_000);

  const checkpointer = startCheckpointer(file, sqliteDriverPath(), { everyMs: 20 });
  const deadline = Date.now() + 10_000;
  while (statSync(file).size < 2_000_000 && Date.now() < deadline) await sleep(25);
  expect(statSync(file).size).toBeGreaterThanOrEqual(2_000_000);

  await checkpointer.stop();
  await checkpointer.stop(); // twice is harmless
  expect(db.prepare("select count(*) as n from rows").get()).toEqual({ n: 500 });
  db.close();
});
