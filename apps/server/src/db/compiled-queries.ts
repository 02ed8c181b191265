/**
 * Queries of the chat's hot path compiled once, run many times: Kysely builds and compiles a
 * query anew at each call (its nodes frozen, its SQL printed), which cost about 5 % of a busy
 * server's CPU. A query whose SQL depends only on its shape (which columns, which dialect) is
 * compiled at its first use and then run with each call's parameters.
 *
 * Safe by construction: a compiled query is kept only when its parameters were exactly the values
 * handed in, in order (so none was transformed, and nothing but those values varies); otherwise
 * that shape is compiled at every call, as before. Only plain values are accepted as parameters.
 */
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from "kysely";
import { isPostgres } from "../../migrations/portable-columns";
import type { Database } from "./schema";

export type PlainValue = string | number | bigint | boolean | null;

export function isPlainValue(value: unknown): value is PlainValue {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "bigint" ||
    typeof value === "boolean"
  );
}

function sameParameters(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

export class CompiledQueries {
  /** By dialect and shape; null: that shape's parameters were not the values given. */
  private readonly cache = new Map<string, CompiledQuery | null>();

  /**
   * Runs the query `build` makes, whose parameters are `parameters` in order and whose SQL is the
   * same for every call with the same `shape`.
   */
  async run<Row>(
    db: Kysely<Database>,
    shape: string,
    parameters: readonly PlainValue[],
    build: () => Compilable<Row>,
  ): Promise<QueryResult<Row>> {
    const key = `${isPostgres(db) ? "pg" : "sqlite"}\u0000${shape}`;
    const cached = this.cache.get(key);
    if (cached) {
      return db.executeQuery<Row>(
        CompiledQuery.raw(cached.sql, [...parameters]) as CompiledQuery<Row>,
      );
    }
    const compiled = build().compile();
    if (cached === undefined) {
      this.cache.set(key, sameParameters(compiled.parameters, parameters) ? compiled : null);
    }
    return db.executeQuery(compiled);
  }
}
