/**
 * Whether an error is a unique index refusing a row, on either database: PostgreSQL's SQLSTATE
 * 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY). Two requests racing for the same
 * slot (a visitor's one open conversation) end in this; it is a conflict, never a 500.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const {
    code,
    constraint: name,
    message,
  } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  const unique =
    code === "23505" ||
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY";
  if (!unique || constraint === undefined) return unique;
  // PostgreSQL names the index; SQLite names the columns in its message.
  return name === constraint || (typeof message === "string" && message.includes(constraint));
}
