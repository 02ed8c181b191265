/**
 * Table types for Kysely. Times are epoch milliseconds in BIGINT/INTEGER columns, read back as
 * numbers on both SQLite and PostgreSQL, so the same code and the same comparisons work on both.
 */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface Database {
  app_settings: AppSettingsTable;
}
