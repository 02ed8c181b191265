/**
 * The support chat's shared state for this instance: the broker (in-process unless a Redis one is
 * given), the SupportChat rules, the one-time codes, and an instance id for presence members.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fp from "fastify-plugin";
import { channels, InProcessBroker, type ChatBroker } from "../chat/broker";
import { defaultOtpRules, OneTimeCodes, type OtpRules } from "../chat/one-time-codes";
import { defaultSupportChatTiming, SupportChat } from "../chat/support-chat";
import { getOrCreateSetting } from "../repositories/app-settings";

declare module "fastify" {
  interface FastifyInstance {
    supportChat: SupportChat;
    chatBroker: ChatBroker;
    oneTimeCodes: OneTimeCodes;
    /** Unique per running instance: presence members are `<instanceId>:<socket>`. */
    instanceId: string;
  }
}

export interface SupportChatPluginOptions {
  publicUrl: string;
  supportInbox: string;
  broker?: ChatBroker | undefined;
  otpRules?: Partial<OtpRules> | undefined;
  /** Tests fix the codes they send. */
  makeOtp?: (() => string) | undefined;
  missedReplyGraceMs?: number | undefined;
  missedReplyQuietMs?: number | undefined;
}

export default fp<SupportChatPluginOptions>(
  async (app, options) => {
    const db = app.database.db;
    const broker = options.broker ?? new InProcessBroker();
    const otpSecret = await getOrCreateSetting(db, "chat.otp_secret", () =>
      randomBytes(32).toString("base64url"),
    );
    const chat = new SupportChat(
      db,
      broker,
      () => app.mailer.kick(),
      app.log.child({ component: "chat" }),
      {
        publicUrl: options.publicUrl,
        supportInbox: options.supportInbox,
        missedReplyGraceMs:
          options.missedReplyGraceMs ?? defaultSupportChatTiming.missedReplyGraceMs,
        missedReplyQuietMs:
          options.missedReplyQuietMs ?? defaultSupportChatTiming.missedReplyQuietMs,
      },
    );

    app.decorate("chatBroker", broker);
    app.decorate("supportChat", chat);
    app.decorate(
      "oneTimeCodes",
      new OneTimeCodes(db, otpSecret, { ...defaultOtpRules, ...options.otpRules }, options.makeOtp),
    );
    app.decorate("instanceId", randomUUID());

    // The agents' live inbox: every stored contact message is pushed to /ws/agent/.
    const stopContacts = app.contactInbox.onReceived((message) => {
      broker
        .publish(channels.agents, { message_type: "contact_message", ...message })
        .catch((err: unknown) => app.log.error({ err }, "contact message fan-out failed"));
    });

    app.addHook("onClose", async () => {
      stopContacts();
      chat.close();
      await broker.close();
    });
  },
  { name: "support-chat", dependencies: ["db", "mailer", "contact-inbox", "client-ip-hash"] },
);
