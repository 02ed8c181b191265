/**
 * Receives contact messages: stores each one and enqueues the support inbox's notification in one
 * transaction, so a message is never stored without its mail nor mailed without being stored.
 */
import type { ContactMessageSummary } from "@hourline/contracts/console-inbox";
import type { ContactRequest } from "@hourline/contracts/contact";
import fp from "fastify-plugin";
import { contactNotification } from "../mail/templates/contact-notification";
import { insertContactMessage } from "../repositories/contact-messages";
import { enqueueMail } from "../repositories/mail-outbox";

export interface ContactSender {
  ip: string;
  userAgent: string | undefined;
}

export interface ContactInbox {
  receive(message: ContactRequest, sender: ContactSender): Promise<{ id: number }>;
  /** Called after each message is committed (the agents' live inbox listens). */
  onReceived(listener: (message: ContactMessageSummary) => void): () => void;
}

declare module "fastify" {
  interface FastifyInstance {
    contactInbox: ContactInbox;
  }
}

export interface ContactInboxOptions {
  supportInbox: string;
  publicUrl: string;
}

const MAX_USER_AGENT = 512;

export default fp<ContactInboxOptions>(
  async (app, options) => {
    const db = app.database.db;

    const listeners = new Set<(message: ContactMessageSummary) => void>();

    app.decorate("contactInbox", {
      onReceived(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      async receive(message, sender) {
        const receivedAt = Date.now();
        const id = await db.transaction().execute(async (trx) => {
          const id = await insertContactMessage(trx, {
            name: message.name,
            email: message.email,
            phone: message.phone_numbers,
            message: message.message,
            receivedAt,
            ipHash: app.hashIp(sender.ip),
            userAgent: sender.userAgent?.slice(0, MAX_USER_AGENT),
          });
          await enqueueMail(
            trx,
            contactNotification(
              {
                id,
                name: message.name,
                email: message.email,
                phone: message.phone_numbers,
                message: message.message,
                receivedAt,
              },
              options,
            ),
            receivedAt,
          );
          return id;
        });
        app.mailer.kick();
        const summary: ContactMessageSummary = {
          id,
          name: message.name,
          email: message.email,
          phone: message.phone_numbers ?? null,
          message: message.message,
          received_at: receivedAt,
          read: false,
          handled: false,
          handled_at: null,
          handled_by: null,
        };
        for (const listener of listeners) {
          try {
            listener(summary);
          } catch (err) {
            app.log.error({ err }, "contact message listener failed");
          }
        }
        return { id };
      },
    } satisfies ContactInbox);
  },
  { name: "contact-inbox", dependencies: ["db", "mailer", "client-ip-hash"] },
);
