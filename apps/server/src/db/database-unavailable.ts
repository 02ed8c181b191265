/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, the
 * network between), as opposed to a query that is wrong. Such an error is the database's state,
 * not the request's fault nor a bug: requests answer 503 and ask to try again, the socket says
 * the message will be sent again, and a start waits for it (decision record 0028).
 */

/** Socket-level failures: nobody listens, the connection was cut, the host is unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs for a server going away or not ready: class 08 (connection exception),
 * 57P01-57P03 (admin or crash shutdown, cannot connect now: starting or in recovery).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03";
}

/** What node-postgres says when the socket ends under a client or a connection attempt times out. */
const PG_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) {
    return true;
  }
  if (typeof message === "string" && PG_MESSAGES.some((m) => message.includes(m))) return true;
  // Node's happy-eyeballs connect fails with an AggregateError of one error per address.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

/** A short account of why, for the log line of a start that waits. */
export function unavailableReason(error: unknown): string {
  if (typeof error !== "object" || error === null) return String(error);
  const { code, message, errors } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  const first = Array.isArray(errors)
    ? (errors[0] as { message?: unknown } | undefined)
    : undefined;
  const text =
    typeof message === "string" && message !== ""
      ? message
      : typeof first?.message === "string"
        ? first.message
        : "unknown error";
  return typeof code === "string" ? `${code}: ${text}` : text;
}
