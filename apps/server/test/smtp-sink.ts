/**
 * A real SMTP server in the test process (smtp-server): the mail sink the server under test sends to.
 * It can be stopped and started again on the same port, to play an SMTP outage.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { readMail, type ReadMail } from "./read-mail";

export interface ReceivedMail extends ReadMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

export interface SmtpSink {
  readonly url: string;
  readonly port: number;
  readonly messages: ReceivedMail[];
  /** Resolves when at least `count` mails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * The mail as received, read (MIME decoded) only when a test first looks at it: the sink runs in
 * the test process, and decoding every large mail at once would stall the very event loop some
 * tests measure.
 */
function receivedMail(raw: string, envelopeFrom: string, envelopeTo: string[]): ReceivedMail {
  let read: ReadMail | undefined;
  const mail = () => (read ??= readMail(raw));
  return {
    raw,
    envelopeFrom,
    envelopeTo,
    get headers() {
      return mail().headers;
    },
    header: (name: string) => mail().header(name),
    get rawHeaders() {
      return mail().rawHeaders;
    },
    get contentType() {
      return mail().contentType;
    },
    get text() {
      return mail().text;
    },
    get html() {
      return mail().html;
    },
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = new SMTPServer({
        authOptional: true,
        // Plain SMTP on loopback: no STARTTLS, whose self-signed certificate the client would refuse.
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            const envelope = session.envelope;
            messages.push(
              receivedMail(
                raw,
                envelope.mailFrom ? envelope.mailFrom.address : "",
                envelope.rcptTo.map((r) => r.address),
              ),
            );
            for (const wake of waiters) wake();
            callback();
          });
        },
      });
      s.on("error", () => undefined);
      s.listen(port, "127.0.0.1", () => {
        port = (s.server.address() as AddressInfo).port;
        server = s;
        resolve();
      });
      s.server.once("error", reject);
    });

  await listen();

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    messages,
    waitFor(count, timeoutMs = 10_000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`expected ${count} mails within ${timeoutMs} ms, got ${messages.length}`),
          );
        }, timeoutMs);
        function check() {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages);
        }
        waiters.add(check);
      });
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}
