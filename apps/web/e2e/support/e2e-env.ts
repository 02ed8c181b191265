/**
 * What the Playwright config and the browser tests share: ports, the mail directory the SMTP sink
 * writes to, and the support agent the server creates at start. The config runs first and puts
 * the values in the environment; workers inherit it.
 */
import { randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const baseUrl = `http://127.0.0.1:${e2ePort}`;
/** The SMTP sink every server under test sends its mail to. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? e2ePort + 1025);
export const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
/** A second server the reconnect test starts, stops and starts again. */
export const restartPort = Number(process.env.E2E_RESTART_PORT ?? e2ePort + 2);

/**
 * The support console's browser tests run against a server of their own, so the agents they sign
 * in never change what the widget's tests see (whether support is online). It trusts a proxy on
 * loopback, so each test client can bring its own address in X-Forwarded-For and the per-IP
 * limits (sign-in, codes) count each client apart, as they would behind a load balancer.
 */
export const consolePort = Number(process.env.E2E_CONSOLE_PORT ?? e2ePort + 3);
export const consoleUrl = `http://127.0.0.1:${consolePort}`;

export const e2eAgent = {
  email: "asha.agent@hourline.example",
  password: "e2e-agent-password-7kq2",
} as const;

/** The directory the sink writes one JSON file per received mail to. */
export function mailDir(): string {
  process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), "hourline-e2e-mail-"));
  return process.env.E2E_MAIL_DIR;
}

/**
 * How long a step that downloads and starts code on demand may take: the chat island after the
 * launcher's first press, the console's script and its socket after a page load. Under two
 * Playwright workers on a busy two-core machine these took 8-9 s (the dialog was open in the
 * failure's last screenshot), past the 7 s a plain expectation waits.
 */
export const onDemandTimeout = 20_000;

/**
 * A made-up client address, different for every call: the test servers trust a proxy on loopback,
 * so each browser context (or Node client) that sends it in X-Forwarded-For is counted apart by
 * the per-IP limits (20 codes an hour, sign-ins), as clients behind a load balancer are.
 */
export function clientIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}
