/**
 * Each request's logger (`request.log`), made only when something logs through it. Fastify gives
 * every request a child of the server's logger bound to its id, and a pino child costs a few
 * kilobytes of garbage (its bindings serialised, the redaction's paths parsed again) whether or
 * not a line is ever written. Most requests write one line, the request log's, and the chat's
 * HTTP fallback answers a POST per message, so the child is put off:
 *
 * - a line at a level the logger skips costs nothing;
 * - a plain line (the request log's) goes through the parent with the bindings first, which
 *   writes the same JSON the child would have (pino puts a child's bindings right after the base
 *   fields, which is where the first keys of the line's object go);
 * - anything else (a route's own level or serializers, a child of the request's logger, an
 *   Error or a string as the line's first argument, format arguments) gets the real child, made
 *   once.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilent } from "pino";
import { pino } from "pino";

const levelValues = pino.levels.values;

export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly boundTo: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The real child, made on first need. */
  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.boundTo, this.options);
    return this.#child;
  }

  get level(): LevelWithSilent {
    if (this.#child) return this.#child.level as LevelWithSilent;
    return (this.options.level ?? this.parent.level) as LevelWithSilent;
  }

  set level(level: LevelWithSilent) {
    this.real().level = level;
  }

  private write(level: Level, args: unknown[]): void {
    const threshold = levelValues[this.level];
    if (threshold === undefined || (levelValues[level] ?? 0) < threshold) return;
    const [first, message] = args;
    const plain =
      !this.#child &&
      this.options.level === undefined &&
      this.options.serializers === undefined &&
      args.length <= 2 &&
      (message === undefined || typeof message === "string") &&
      typeof first === "object" &&
      first !== null &&
      Object.getPrototypeOf(first) === Object.prototype;
    if (plain) {
      this.parent[level]({ ...this.boundTo, ...first }, message);
      return;
    }
    (this.real()[level] as (...line: unknown[]) => void)(...args);
  }

  // Methods on the prototype, not a closure per request each.
  fatal(...args: unknown[]): void {
    this.write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.write("error", args);
  }
  warn(...args: unknown[]): void {
    this.write("warn", args);
  }
  info(...args: unknown[]): void {
    this.write("info", args);
  }
  debug(...args: unknown[]): void {
    this.write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.write("trace", args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a RequestLogger instead of a pino child per request. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}
