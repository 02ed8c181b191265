/**
 * The outbox and its worker against a real SMTP server in the test process: the support inbox gets
 * each contact message with the right headers and both bodies; with SMTP down the mail waits and is
 * delivered once SMTP is back, also after the app restarts; two instances never send one mail twice;
 * after the last attempt a mail is marked failed; without SMTP_URL mail is printed and kept.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPgSchema, PG_URL, postgresFor, testApp } from "../../test/helpers";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import type { BuildOptions } from "../app";
import { listContactMessages } from "../repositories/contact-messages";
import { claimNextMail, enqueueMail, findMail, listMail } from "../repositories/mail-outbox";
import { retryDelayMs } from "./outbox-worker";

const pgUp = await postgresFor("the outbox tests");

const fast: BuildOptions["mailWorker"] = {
  pollIntervalMs: 25,
  leaseMs: 10_000,
  baseDelayMs: 50,
  maxDelayMs: 200,
  maxAttempts: 1000,
};

const INBOX = "inbox@support.example";

const contact = {
  name: 'Zoë "Z" <O\'Brien>',
  email: "zoe@studio.example",
  phone_numbers: "+91 98 7654 3210",
  message: "Hello,\n<b>bold</b> & <script>alert(1)</script>\nThanks",
};

async function waitUntil<T>(
  probe: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function sendContact(app: FastifyInstance, body: object = contact) {
  return app.inject({ method: "POST", url: "/api/support/contact_us", payload: body });
}

/** A logger that keeps its lines, to read what the worker said. */
function capturedLog(level = "info") {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}

function firstAddress(header: string | undefined): string | undefined {
  return /<([^<>]+)>\s*$/.exec(header ?? "")?.[1] ?? header;
}

describe("contact notifications over SMTP", () => {
  let sink: SmtpSink;
  let app: FastifyInstance;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await testApp({ SMTP_URL: sink.url, SUPPORT_INBOX: INBOX }, { mailWorker: fast });
  });
  afterAll(async () => {
    await app.close();
    await sink.stop();
  });

  it("reach the support inbox with Reply-To the visitor and both bodies", async () => {
    const res = await sendContact(app);
    expect(res.statusCode).toBe(200);
    const [mail] = await sink.waitFor(1);
    if (!mail) throw new Error("no mail");

    expect(mail.envelopeTo).toEqual([INBOX]);
    expect(mail.envelopeFrom).toBe("no-reply@hourline.example");
    expect(mail.header("to")).toBe(INBOX);
    expect(mail.header("from")).toBe("Hourline <no-reply@hourline.example>");
    expect(firstAddress(mail.header("reply-to"))).toBe(contact.email);
    expect(mail.header("reply-to")).toContain("Zoë");
    expect(mail.header("subject")).toBe(`Contact form: ${contact.name}`);
    expect(mail.contentType).toMatch(/^multipart\/alternative/);

    expect(mail.text).toContain(contact.message);
    expect(mail.text).toContain("Phone:     +91 98 7654 3210");
    expect(mail.html).toContain("&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>bold");
    expect(mail.html).toContain('href="mailto:zoe@studio.example"');

    const [stored] = await listContactMessages(app.database.db);
    expect(mail.text).toContain(`contact message #${stored?.id}`);
    const row = await waitUntil(async () => {
      const [m] = await listMail(app.database.db, { status: "sent" });
      return m;
    }, "the outbox row to be marked sent");
    expect(row.attempts).toBe(1);
    expect(row.messageId).toMatch(/^<.[^\n\r@\u2028\u2029]*@.+>$/);
    expect(row.finishedAt).toBeGreaterThan(0);
  });

  it("never let CR/LF from any source into a header", async () => {
    const before = sink.messages.length;
    // Straight into the outbox, past the route's validation: the outbox and the transport clean it.
    await app.database.db.transaction().execute((trx) =>
      enqueueMail(trx, {
        kind: "contact_notification",
        to: INBOX,
        replyTo: { name: "Eve\r\nBcc: victim@target.example", address: "eve@evil.example" },
        subject: "Hi\r\nBcc: victim@target.example\nX-Injected: yes",
        text: "Body",
        html: "<p>Body</p>",
      }),
    );
    app.mailer.kick();
    const mails = await sink.waitFor(before + 1);
    const mail = mails[before];
    expect(mail?.envelopeTo).toEqual([INBOX]);
    expect(mail?.rawHeaders).not.toMatch(/^bcc:/im);
    expect(mail?.rawHeaders).not.toMatch(/^x-injected:/im);
    expect(mail?.headers.get("subject")).toEqual(["Hi Bcc: victim@target.example X-Injected: yes"]);
    expect(firstAddress(mail?.header("reply-to"))).toBe("eve@evil.example");
  });

  it("refuses to enqueue a mail to an address with a line break", async () => {
    await expect(
      enqueueMail(app.database.db, {
        kind: "contact_notification",
        to: "a@b.example\r\nBcc: c@d.example",
        subject: "x",
        text: "x",
      }),
    ).rejects.toThrow();
  });
});

describe("when SMTP is down", () => {
  it("keeps the mail and delivers it once SMTP is back", async () => {
    const sink = await startSmtpSink();
    await sink.stop();
    const app = await testApp({ SMTP_URL: sink.url }, { mailWorker: fast });
    try {
      expect((await sendContact(app)).statusCode).toBe(200);
      const waiting = await waitUntil(async () => {
        const [m] = await listMail(app.database.db);
        return m && m.attempts >= 3 ? m : undefined;
      }, "three failed attempts");
      expect(waiting.status).toBe("pending");
      expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);

      await sink.start();
      await sink.waitFor(1);
      const sent = await waitUntil(async () => {
        const m = await findMail(app.database.db, waiting.id);
        return m?.status === "sent" ? m : undefined;
      }, "the mail to be marked sent");
      expect(sent.attempts).toBeGreaterThanOrEqual(3);
      expect(sent.lastError).toMatch(/ECONNREFUSED|connect/i);
      // Once, not once per failed attempt.
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.messages).toHaveLength(1);
    } finally {
      await app.close();
      await sink.stop();
    }
  });

  it("keeps the mail across a restart and the new app delivers it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hourline-restart-"));
    const sink = await startSmtpSink();
    await sink.stop();
    try {
      const first = await testApp({ SMTP_URL: sink.url }, { dataDir, mailWorker: fast });
      expect((await sendContact(first)).statusCode).toBe(200);
      await waitUntil(async () => {
        const [m] = await listMail(first.database.db);
        return m && m.attempts >= 2;
      }, "failed attempts before the restart");
      await first.close();
      expect(sink.messages).toHaveLength(0);

      await sink.start();
      const second = await testApp({ SMTP_URL: sink.url }, { dataDir, mailWorker: fast });
      try {
        // No request, no kick: the worker finds the pending row on its own when the app starts.
        await second.ready();
        const [mail] = await sink.waitFor(1);
        expect(mail?.text).toContain(contact.message);
        const row = await waitUntil(async () => {
          const [m] = await listMail(second.database.db, { status: "sent" });
          return m;
        }, "the row to be marked sent");
        expect(row.attempts).toBeGreaterThanOrEqual(3);
        expect(await listContactMessages(second.database.db)).toHaveLength(1);
      } finally {
        await second.close();
      }
      expect(sink.messages).toHaveLength(1);
    } finally {
      await sink.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("sends a mail whose worker died mid-send once that worker's lease runs out", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hourline-lease-"));
    const sink = await startSmtpSink();
    try {
      const app = await testApp({ SMTP_URL: sink.url }, { dataDir, mailWorker: fast });
      try {
        const db = app.database.db;
        // Play a crashed instance: it enqueued and claimed a mail for 400 ms, then vanished.
        const id = await db.transaction().execute(async (trx) => {
          const id = await enqueueMail(trx, {
            kind: "contact_notification",
            to: INBOX,
            subject: "Claimed by a crashed worker",
            text: "x",
          });
          const claimed = await claimNextMail(trx, {
            now: Date.now(),
            leaseMs: 400,
            token: "gone",
          });
          expect(claimed?.id).toBe(id);
          return id;
        });
        const claimedAt = Date.now();
        await app.ready();
        await sink.waitFor(1);
        expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(350);
        const row = await waitUntil(async () => {
          const m = await findMail(db, id);
          return m?.status === "sent" ? m : undefined;
        }, "the row to be marked sent");
        expect(row.attempts).toBe(2);
      } finally {
        await app.close();
      }
    } finally {
      await sink.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("marks a mail failed after the last attempt, logs it and keeps it", async () => {
    const sink = await startSmtpSink();
    await sink.stop();
    const log = capturedLog("warn");
    const app = await testApp(
      { SMTP_URL: sink.url },
      { logger: log.logger, mailWorker: { ...fast, maxAttempts: 3 } },
    );
    try {
      expect((await sendContact(app)).statusCode).toBe(200);
      const failed = await waitUntil(async () => {
        const [m] = await listMail(app.database.db, { status: "failed" });
        return m;
      }, "the mail to be marked failed");
      expect(failed.attempts).toBe(3);
      expect(failed.lastError).toBeTruthy();
      expect(failed.subject).toBe(`Contact form: ${contact.name}`);
      const gaveUp = log.lines.find((l) => /giving up after 3 attempts/.test(l.msg));
      expect(gaveUp?.level).toBe(50);
      expect(log.lines.filter((l) => /send failed, will retry/.test(l.msg))).toHaveLength(2);
      // The message itself is safe in the database whatever happened to its mail.
      expect(await listContactMessages(app.database.db)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe("two instances on one database", () => {
  it("send each mail exactly once (SQLite)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hourline-pair-"));
    const sink = await startSmtpSink();
    try {
      await expectExactlyOnce(sink, (logger) =>
        testApp(
          { SMTP_URL: sink.url },
          { dataDir, logger, mailWorker: { ...fast, pollIntervalMs: 5 } },
        ),
      );
    } finally {
      await sink.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Two apps race for 40 mails; both send some, and every mail arrives once. */
async function expectExactlyOnce(
  sink: SmtpSink,
  makeApp: (logger: ReturnType<typeof capturedLog>["logger"]) => Promise<FastifyInstance>,
) {
  const logA = capturedLog("info");
  const logB = capturedLog("info");
  const a = await makeApp(logA.logger);
  await a.ready();
  const b = await makeApp(logB.logger);
  try {
    // Enqueued while both workers are idle, then both are woken at once.
    await a.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 40; i++) {
        await enqueueMail(trx, {
          kind: "contact_notification",
          to: INBOX,
          subject: `Race ${i}`,
          text: `Mail ${i}`,
        });
      }
    });
    await b.ready();
    a.mailer.kick();
    b.mailer.kick();
    await sink.waitFor(40, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    const subjects = sink.messages.map((m) => m.header("subject"));
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
    const sent = await listMail(a.database.db, { status: "sent" });
    expect(sent).toHaveLength(40);
    expect(sent.every((m) => m.attempts === 1)).toBe(true);
    const sentBy = (log: ReturnType<typeof capturedLog>) =>
      log.lines.filter((l) => l.msg === "mail sent").length;
    expect(sentBy(logA) + sentBy(logB)).toBe(40);
    // Both really competed: each instance sent part of the batch.
    expect(sentBy(logA)).toBeGreaterThan(0);
    expect(sentBy(logB)).toBeGreaterThan(0);
  } finally {
    await b.close();
    await a.close();
  }
}

describe("without SMTP_URL outside production", () => {
  it("prints the mail to the log and keeps it in the outbox as logged", async () => {
    const log = capturedLog("info");
    const app = await testApp({}, { logger: log.logger, mailWorker: fast });
    try {
      expect(app.mailer.mode).toBe("log");
      expect((await sendContact(app)).statusCode).toBe(200);
      const row = await waitUntil(async () => {
        const [m] = await listMail(app.database.db, { status: "logged" });
        return m;
      }, "the mail to be marked logged");
      expect(row.messageId).toBeNull();
      const printed = log.lines.find((l) => /mail printed, not sent/.test(l.msg));
      const mail = printed?.mail as Record<string, unknown> | undefined;
      expect(mail).toMatchObject({
        id: row.id,
        to: "support@hourline.example",
        replyTo: contact.email,
        subject: `Contact form: ${contact.name}`,
      });
      expect(String(mail?.text)).toContain(contact.message);
      expect(log.lines.some((l) => /SMTP_URL is not set/.test(l.msg) && l.level === 40)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe("retry delays", () => {
  const options = { baseDelayMs: 5_000, maxDelayMs: 30 * 60_000 };

  it("double with each attempt, within the jitter band, up to the cap", () => {
    expect(retryDelayMs(1, options, () => 0)).toBe(2_500);
    expect(retryDelayMs(1, options, () => 1)).toBe(5_000);
    expect(retryDelayMs(2, options, () => 1)).toBe(10_000);
    expect(retryDelayMs(4, options, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(30, options, () => 1)).toBe(30 * 60_000);
    expect(retryDelayMs(30, options, () => 0)).toBe(15 * 60_000);
  });

  it("spread retries that failed together", () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(5, options)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(40_000);
      expect(d).toBeLessThanOrEqual(80_000);
    }
  });
});

describe.skipIf(!pgUp)("on PostgreSQL", () => {
  it("stores the message, hashes the IP and delivers the notification", async () => {
    const { schema, drop } = await freshPgSchema();
    const sink = await startSmtpSink();
    const app = await testApp(
      { DATABASE_URL: PG_URL, SMTP_URL: sink.url, SUPPORT_INBOX: INBOX },
      { pgSchema: schema, mailWorker: fast },
    );
    try {
      expect(app.database.dialect).toBe("postgres");
      expect((await sendContact(app)).statusCode).toBe(200);
      const [message] = await listContactMessages(app.database.db);
      expect(message).toMatchObject({
        name: contact.name,
        email: contact.email,
        phone: contact.phone_numbers,
        message: contact.message,
        handled: false,
      });
      expect(typeof message?.id).toBe("number");
      expect(typeof message?.receivedAt).toBe("number");
      expect(message?.ipHash).toMatch(/^[0-9a-f]{64}$/);
      const [mail] = await sink.waitFor(1);
      expect(firstAddress(mail?.header("reply-to"))).toBe(contact.email);
      expect(mail?.header("to")).toBe(INBOX);
      const row = await waitUntil(async () => {
        const [m] = await listMail(app.database.db, { status: "sent" });
        return m;
      }, "the row to be marked sent");
      expect(row.attempts).toBe(1);
    } finally {
      await app.close();
      await sink.stop();
      await drop();
    }
  });

  it("keeps the mail while SMTP is down and delivers it after a restart", async () => {
    const { schema, drop } = await freshPgSchema();
    const sink = await startSmtpSink();
    await sink.stop();
    try {
      const env = { DATABASE_URL: PG_URL, SMTP_URL: sink.url };
      const first = await testApp(env, { pgSchema: schema, mailWorker: fast });
      expect((await sendContact(first)).statusCode).toBe(200);
      await waitUntil(async () => {
        const [m] = await listMail(first.database.db);
        return m && m.attempts >= 2;
      }, "failed attempts");
      await first.close();
      await sink.start();
      const second = await testApp(env, { pgSchema: schema, mailWorker: fast });
      try {
        await second.ready();
        await sink.waitFor(1);
        await waitUntil(async () => {
          const [m] = await listMail(second.database.db, { status: "sent" });
          return m;
        }, "the row to be marked sent");
      } finally {
        await second.close();
      }
      expect(sink.messages).toHaveLength(1);
    } finally {
      await sink.stop();
      await drop();
    }
  });

  it("two instances send each mail exactly once", async () => {
    const { schema, drop } = await freshPgSchema();
    const sink = await startSmtpSink();
    try {
      await expectExactlyOnce(sink, (logger) =>
        testApp(
          { DATABASE_URL: PG_URL, SMTP_URL: sink.url },
          { pgSchema: schema, logger, mailWorker: { ...fast, pollIntervalMs: 5 } },
        ),
      );
    } finally {
      await sink.stop();
      await drop();
    }
  });
});
