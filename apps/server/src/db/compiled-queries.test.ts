import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { onBothDatabases, type MigratedDatabase } from "../../test/migrated-databases";
import { insertConversation } from "../../test/chat-rows";
import { CompiledQueries } from "./compiled-queries";
import type { Database } from "./schema";

function compiledTests(database: MigratedDatabase) {
  let db: Kysely<Database>;
  beforeAll(() => {
    db = database.db;
  });

  const byEmail = (email: string) => () =>
    db.selectFrom("chat_conversations").select("id").where("visitor_email", "=", email);

  it("runs a shape compiled once with each call's own values", async () => {
    const a = await insertConversation(db, { email: "cq-a@x.example", startedAt: 1 });
    const b = await insertConversation(db, { email: "cq-b@x.example", startedAt: 1 });
    const queries = new CompiledQueries();
    const first = await queries.run(db, "by-email", ["cq-a@x.example"], byEmail("cq-a@x.example"));
    const second = await queries.run(db, "by-email", ["cq-b@x.example"], byEmail("cq-b@x.example"));
    expect(first.rows).toEqual([{ id: a }]);
    expect(second.rows).toEqual([{ id: b }]);
  });

  it("compiles at every call a shape whose parameters were not the values given", async () => {
    const a = await insertConversation(db, { email: "cq-c@x.example", startedAt: 1 });
    const b = await insertConversation(db, { email: "cq-d@x.example", startedAt: 1 });
    const queries = new CompiledQueries();
    // The values named do not match what the query binds: the compiled form must not be reused.
    const first = await queries.run(db, "odd", ["something else"], byEmail("cq-c@x.example"));
    const second = await queries.run(db, "odd", ["cq-c@x.example"], byEmail("cq-d@x.example"));
    expect(first.rows).toEqual([{ id: a }]);
    expect(second.rows).toEqual([{ id: b }]);
  });
}

await onBothDatabases("compiled queries", compiledTests);
