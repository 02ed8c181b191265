/**
 * Contact messages: receives each one (stored with the support inbox's notification in one
 * transaction, so a message is never stored without its mail nor mailed without being stored), and
 * records an agent reading or handling one. Every agent's console hears both through the broker.
 */
import type { UpdateContactMessageBody } from "@hourline/contracts/console";
import type { ContactMessageSummary } from "@hourline/contracts/console-inbox";
import type { ContactRequest } from "@hourline/contracts/contact";
import fp from "fastify-plugin";
import { contactNotification } from "../mail/templates/contact-notification";
import { channels } from "../chat/broker-channels";
import {
  findContactMessageSummary,
  insertContactMessage,
  updateContactMessageState,
} from "../repositories/contact-messages";
import { enqueueMail } from "../repositories/mail-outbox";

export interface ContactSender {
  ip: string;
  userAgent: string | undefined;
}

export interface ContactInbox {
  receive(message: ContactRequest, sender: ContactSender): Promise<{ id: number }>;
  /** Marks a message read and/or handled by `agentId`; undefined when there is no such message. */
  update(
    id: number,
    change: UpdateContactMessageBody,
    agentId: number,
  ): Promise<ContactMessageSummary | undefined>;
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

    /** Every agent's console shows the message as it is now. */
    const tellAgents = (message: ContactMessageSummary) =>
      app.chatBroker.publish(channels.agents, { message_type: "contact_message", ...message });

    app.decorate("contactInbox", {
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
        // Stored and mailed whatever happens next: a failed push costs only the live update.
        await tellAgents(summary).catch((err: unknown) =>
          app.log.error({ err }, "contact message fan-out failed"),
        );
        return { id };
      },

      async update(id, change, agentId) {
        if (!(await updateContactMessageState(db, id, change, agentId))) return undefined;
        const message = await findContactMessageSummary(db, id);
        if (message) await tellAgents(message);
        return message;
      },
    } satisfies ContactInbox);
  },
  { name: "contact-inbox", dependencies: ["db", "mailer", "client-ip-hash", "chat-broker"] },
);
