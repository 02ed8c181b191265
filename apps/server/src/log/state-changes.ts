/**
 * A dependency's state (the database, Redis) as the log tells it: one line when it goes down and
 * one when it is back, however often it is probed in between. A load balancer asking /readyz every
 * half second while Redis is away must not write a warning each time.
 */
import type { FastifyBaseLogger } from "fastify";

export interface StateChanges {
  /** What was just seen of `dependency`; logged only when it differs from what was seen before. */
  report(dependency: string, up: boolean, error?: unknown): void;
}

export function createStateChanges(log: FastifyBaseLogger): StateChanges {
  // Unknown until first seen: starting with Redis down is worth a line, starting with it up is not.
  const last = new Map<string, boolean>();
  return {
    report(dependency, up, error) {
      const before = last.get(dependency);
      if (before === up) return;
      last.set(dependency, up);
      if (!up) log.warn({ dependency, state: "down", err: error }, `${dependency} is down`);
      else if (before === false) log.info({ dependency, state: "up" }, `${dependency} is back`);
    },
  };
}
