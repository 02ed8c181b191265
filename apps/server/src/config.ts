/**
 * The server's configuration, parsed once from the environment at start. A bad value stops the server
 * with a message naming the variable; the Config type is derived from the schema.
 */
import { isIP } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isEmailAddress } from "@hourline/contracts/email-address";
import { trimEndWhere } from "@hourline/contracts/text";
import { z } from "zod";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), "must be an http:// or https:// URL")
  .transform((v) => trimEndWhere(v, (c) => c === "/"));

const emailAddress = z.string().refine(isEmailAddress, "must be an e-mail address");

/**
 * Which X-Forwarded-For entries to believe, in the forms Fastify's trustProxy takes: none (false),
 * the last N hops, or the hops whose address is in a list. `true` (believe every entry) is refused:
 * the leftmost entries are whatever the client wrote, so per-IP limits would count a made-up
 * address per request.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** `192.0.2.7`, `10.0.0.0/8`, `2001:db8::1`, `2001:db8::/32`. */
function isAddressOrCidr(value: string): boolean {
  const [address = "", prefix, extra] = value.split("/");
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((v, ctx): TrustProxy => {
  const value = v.trim();
  if (value === "true") {
    ctx.addIssue({
      code: "custom",
      message:
        "must not be true: that trusts any X-Forwarded-For a client sends, so per-IP limits stop working. Set the number of proxies in front of the server (1 behind one nginx) or their addresses, e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.5,10.0.1.0/24",
    });
    return z.NEVER;
  }
  if (value === "false") return false;
  if (/^\d{1,2}$/.test(value)) {
    // Believe this many hops in front of us, as proxy-addr does for a number.
    const hops = Number(value);
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length > 0 && list.every(isAddressOrCidr)) return list;
  ctx.addIssue({
    code: "custom",
    message:
      "must be a number of proxies (1 behind one nginx) or a comma-separated list of proxy addresses or CIDRs",
  });
  return z.NEVER;
});

export const configSchema = z
  .object({
    NODE_ENV: z.preprocess(
      blankToUndefined,
      z.enum(["development", "production", "test"]).default("development"),
    ),
    PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(blankToUndefined, z.string().min(1).default("127.0.0.1")),
    // No default here: production must name its origin (superRefine); elsewhere it falls back below.
    PUBLIC_URL: optional(httpUrl),
    DATA_DIR: z.preprocess(blankToUndefined, z.string().min(1).default("./data")),
    DATABASE_URL: optional(
      z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL"),
    ),
    REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")),
    REDIS_KEY_PREFIX: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[\w.:-]{1,64}$/, "must be 1-64 letters, digits, '.', ':', '-' or '_'")
        .default("hourline:"),
    ),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
    SUPPORT_INBOX: z.preprocess(blankToUndefined, emailAddress.default("support@hourline.example")),
    APP_URL: z.preprocess(blankToUndefined, httpUrl.default("https://app.hourline.example")),
    BOOTSTRAP_AGENT_EMAIL: optional(emailAddress),
    BOOTSTRAP_AGENT_PASSWORD: optional(z.string().min(12, "must be at least 12 characters")),
    TRUST_PROXY: optional(trustProxy),
    METRICS_TOKEN: optional(
      z
        .string()
        .min(16, "must be at least 16 characters (e.g. openssl rand -hex 32)")
        .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces"),
    ),
    RETENTION_DAYS: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(0).max(36_500).default(365),
    ),
    LOG_LEVEL: z.preprocess(
      blankToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    /** From SIGTERM, how long /readyz answers 503 (all else served) before the server stops. */
    SHUTDOWN_DRAIN_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(0).max(300).default(0),
    ),
    /** The web build (site-manifest.json and client/); defaults to apps/web/build of this checkout. */
    SITE_DIR: optional(z.string().min(1)),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === "production" && !c.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message:
          "is required in production: canonical links, the sitemap, e-mails and the allowed WebSocket origin are filled in from it (e.g. PUBLIC_URL=https://www.example.com)",
      });
    }
    if (c.NODE_ENV === "production" && !c.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required in production (mail would otherwise only be printed to the log)",
      });
    }
    // Redis is what several instances share besides the database; on SQLite each instance keeps
    // its own file, so a fleet would split its data between them. The suites run one instance on
    // SQLite with a Redis to test the broker (NODE_ENV=test).
    if (c.REDIS_URL && !c.DATABASE_URL && c.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message:
          "is set without DATABASE_URL: Redis is for several instances, and on SQLite each instance would keep its own data. Set DATABASE_URL (postgres://...) for every instance, or unset REDIS_URL for one instance on SQLite",
      });
    }
    if (Boolean(c.BOOTSTRAP_AGENT_EMAIL) !== Boolean(c.BOOTSTRAP_AGENT_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [c.BOOTSTRAP_AGENT_EMAIL ? "BOOTSTRAP_AGENT_PASSWORD" : "BOOTSTRAP_AGENT_EMAIL"],
        message: "BOOTSTRAP_AGENT_EMAIL and BOOTSTRAP_AGENT_PASSWORD must be set together",
      });
    }
  })
  .transform((c) => ({
    nodeEnv: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    publicUrl: c.PUBLIC_URL ?? "http://localhost:3000",
    dataDir: resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    smtpUrl: c.SMTP_URL,
    supportInbox: c.SUPPORT_INBOX,
    appUrl: c.APP_URL,
    bootstrapAgent:
      c.BOOTSTRAP_AGENT_EMAIL && c.BOOTSTRAP_AGENT_PASSWORD
        ? { email: c.BOOTSTRAP_AGENT_EMAIL, password: c.BOOTSTRAP_AGENT_PASSWORD }
        : undefined,
    trustProxy: c.TRUST_PROXY ?? false,
    metricsToken: c.METRICS_TOKEN,
    retentionDays: c.RETENTION_DAYS,
    logLevel: c.LOG_LEVEL,
    shutdownDrainSeconds: c.SHUTDOWN_DRAIN_SECONDS,
    siteDir: resolve(c.SITE_DIR ?? fileURLToPath(new URL("../../web/build", import.meta.url))),
  }));

export type Config = z.output<typeof configSchema>;

/** The variables the server reads. */
const knownVariables = Object.keys(configSchema.in.shape);

/**
 * The beginnings that only our variables have: an unknown `SMTP_HOST` or `REDIS_PASSWORD` is
 * someone expecting the server to read it (it reads the URL only).
 */
const ourPrefixes = [
  "DATABASE_",
  "REDIS_",
  "SMTP_",
  "BOOTSTRAP_",
  "METRICS_",
  "RETENTION_",
  "SHUTDOWN_",
  "TRUST_PROXY",
];

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The variables in `env` that look like ours but are not (a typo: `DATABSE_URL`), each with the
 * names it may have meant. Looks like ours: the same name in other case, within two edits of one
 * of ours (one for names of up to four letters, so HOME is not HOST), or one of our beginnings.
 */
export function strayVariables(env: NodeJS.ProcessEnv): { variable: string; meant: string[] }[] {
  const known = new Set(knownVariables);
  const stray: { variable: string; meant: string[] }[] = [];
  for (const variable of Object.keys(env)) {
    if (known.has(variable)) continue;
    const upper = variable.toUpperCase();
    const near = knownVariables.filter(
      (name) => editDistance(upper, name) <= (name.length <= 4 ? 1 : 2),
    );
    const family = ourPrefixes.some((prefix) => upper.startsWith(prefix))
      ? knownVariables.filter((name) =>
          ourPrefixes.some((p) => upper.startsWith(p) && name.startsWith(p)),
        )
      : [];
    const meant = [...new Set([...near, ...family])];
    if (meant.length > 0) stray.push({ variable, meant });
  }
  return stray;
}

/**
 * The configuration in effect, for the one line the start logs: what kind of database, whether
 * Redis and real mail are on, the origins. No URL is shown whole (they may hold passwords).
 */
export function effectiveConfiguration(config: Config) {
  return {
    nodeEnv: config.nodeEnv,
    database: config.databaseUrl ? "postgresql" : "sqlite",
    ...(config.databaseUrl ? {} : { dataDir: config.dataDir }),
    redis: config.redisUrl ? "on" : "off",
    mail: config.smtpUrl ? (config.smtpUrl.startsWith("smtps:") ? "smtps" : "smtp") : "log",
    publicUrl: config.publicUrl,
    appUrl: config.appUrl,
    listen: `${config.host}:${config.port}`,
    trustProxy: typeof config.trustProxy === "function" ? "hops" : config.trustProxy || "off",
    metrics: config.metricsToken ? "on" : "off",
    retentionDays: config.retentionDays,
    shutdownDrainSeconds: config.shutdownDrainSeconds,
    logLevel: config.logLevel,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable} ${p.message}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable that looks like ours but is not was meant to be read: a typo stops the start.
  const stray = strayVariables(env).map(({ variable, meant }) => ({
    variable,
    message: `is not a variable the server reads: did you mean ${meant.join(" or ")}?`,
  }));
  const result = configSchema.safeParse(env);
  if (result.success && stray.length === 0) return result.data;
  if (result.success) throw new ConfigError(stray);
  // One line per variable, even when a value breaks several rules.
  const byVariable = new Map<string, string>();
  for (const issue of result.error.issues) {
    const variable = String(issue.path[0] ?? "configuration");
    if (!byVariable.has(variable)) byVariable.set(variable, issue.message);
  }
  throw new ConfigError([
    ...stray,
    ...[...byVariable].map(([variable, message]) => {
      const value = env[variable];
      const shown =
        value === undefined || /PASSWORD|SECRET|TOKEN|URL/.test(variable)
          ? ""
          : ` (got "${value}")`;
      return { variable, message: `${message}${shown}` };
    }),
  ]);
}
