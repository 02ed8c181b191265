/**
 * Kysely's PostgreSQL introspector (which its Migrator asks whether the migration tables exist)
 * calls name-based catalog functions, `has_schema_privilege(nspname, ...)` and
 * `pg_get_serial_sequence(nspname || '.' || relname, ...)`, for every schema it scans. When any
 * other client drops a schema between the scan's snapshot and that call, the whole query fails
 * with "schema ... does not exist" (3F000) and so does start-up: another application, or another
 * test file, sharing the database is enough. This introspector asks the same question through OIDs,
 * whose functions answer NULL for an object dropped meanwhile, and skips such rows.
 */
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type TableMetadata,
} from "kysely";

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  identity: boolean;
  type: string;
  type_schema: string;
  description: string | null;
}

const KYSELY_TABLES = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];

export class PostgresCatalogIntrospector extends PostgresIntrospector {
  // Kysely hands introspectors an untyped handle: the catalog is not part of our schema type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  constructor(private readonly catalog: Kysely<any>) {
    super(catalog);
  }

  override async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select ns.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
             a.attnotnull as not_null, a.atthasdef as has_default,
             (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%')
               as identity,
             typ.typname as type, tns.nspname as type_schema,
             col_description(c.oid, a.attnum) as description
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
        left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where c.relkind in ('r', 'v', 'p')
         and ns.nspname !~ '^pg_' and ns.nspname <> 'information_schema'
         and coalesce(has_schema_privilege(ns.oid, 'USAGE'), false)
         and a.attnum >= 0 and not a.attisdropped
       order by ns.nspname, c.relname, a.attnum`.execute(this.catalog);
    const tables = new Map<
      string,
      TableMetadata & { columns: TableMetadata["columns"][number][] }
    >();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.includes(row.table)) continue;
      const key = `${row.schema}.${row.table}`;
      let table = tables.get(key);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === "v", columns: [] };
        tables.set(key, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.identity,
        ...(row.description === null ? {} : { comment: row.description }),
      });
    }
    return [...tables.values()];
  }
}

/** PostgreSQL through node-postgres, introspected by {@link PostgresCatalogIntrospector}. */
export class CatalogSafePostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresCatalogIntrospector(db);
  }
}
