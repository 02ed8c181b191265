/**
 * The mailer: the outbox worker that sends every mail the app enqueues, over SMTP when SMTP_URL is
 * set, else (never in production: the config refuses it) printed to the log and kept in the outbox.
 *
 * To send a mail, write it to the outbox in the transaction that causes it, then kick the worker:
 *
 *   await app.database.db.transaction().execute(async (trx) => {
 *     ...;
 *     await enqueueMail(trx, mail);
 *   });
 *   app.mailer.kick();
 */
import fp from "fastify-plugin";
import { noReplySender } from "../mail/brand-sender";
import { logTransport, smtpTransport, type MailTransport } from "../mail/mail-transport";
import {
  defaultOutboxWorkerOptions,
  OutboxWorker,
  type OutboxWorkerOptions,
} from "../mail/outbox-worker";

export interface Mailer {
  readonly mode: MailTransport["mode"];
  /** Wakes the worker: call it after committing a transaction that enqueued mail. */
  kick(): void;
  /** Sends everything that is due now and resolves when done. */
  drain(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  worker?: Partial<OutboxWorkerOptions> | undefined;
}

export default fp<MailerOptions>(
  async (app, options) => {
    const log = app.log.child({ component: "mailer" });
    const transport = options.smtpUrl
      ? smtpTransport(options.smtpUrl, noReplySender)
      : logTransport(log, noReplySender);
    if (transport.mode === "log") {
      log.warn("SMTP_URL is not set: mail is printed to the log and kept in the outbox, not sent");
    }
    const worker = new OutboxWorker(
      app.database.db,
      transport,
      log,
      {
        ...defaultOutboxWorkerOptions,
        ...options.worker,
      },
      (outcome) => app.metrics.mailFailed(outcome),
    );

    app.decorate("mailer", {
      mode: transport.mode,
      kick: () => worker.kick(),
      drain: () => worker.drain(),
    } satisfies Mailer);

    // Rows left by an earlier run (or another instance) are due now: the first loop sends them.
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => {
      await worker.stop();
      transport.close();
    });
  },
  { name: "mailer", dependencies: ["db", "metrics"] },
);
