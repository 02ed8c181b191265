/**
 * The support chat's services for this instance, built on the chat broker: who is connected
 * (chatPresence), the conversation rules (conversationRules), what each frame a client sends does
 * (clientFrames), what the console reads (consoleReadModel), what agents do as a team
 * (consoleTeam), bulk actions, blocks and the abandoned-chat sweep (consoleHygiene), the mail that follows a chat
 * (followUpMail) and the visitors' one-time codes (oneTimeCodes).
 */
import { randomBytes } from "node:crypto";
import fp from "fastify-plugin";
import { ChatPresence } from "../chat/chat-presence";
import { ClientFrames } from "../chat/client-frames";
import { ConsoleHygiene } from "../chat/console-hygiene";
import { ConsoleReadModel } from "../chat/console-read-model";
import { ConsoleRouting } from "../chat/console-routing";
import { ConsoleTeam } from "../chat/console-team";
import { ConversationRules } from "../chat/conversation-rules";
import { defaultFollowUpTiming, FollowUpMail } from "../chat/follow-up-mail";
import { defaultOtpRules, OneTimeCodes, type OtpRules } from "../chat/one-time-codes";
import { getOrCreateSetting } from "../repositories/app-settings";

declare module "fastify" {
  interface FastifyInstance {
    chatPresence: ChatPresence;
    conversationRules: ConversationRules;
    clientFrames: ClientFrames;
    consoleReadModel: ConsoleReadModel;
    consoleTeam: ConsoleTeam;
    consoleRouting: ConsoleRouting;
    consoleHygiene: ConsoleHygiene;
    followUpMail: FollowUpMail;
    oneTimeCodes: OneTimeCodes;
  }
}

export interface SupportChatPluginOptions {
  publicUrl: string;
  supportInbox: string;
  otpRules?: Partial<OtpRules> | undefined;
  /** Tests fix the codes they send. */
  makeOtp?: (() => string) | undefined;
  missedReplyGraceMs?: number | undefined;
  missedReplyQuietMs?: number | undefined;
  /** New chats are given to agents by themselves (default); tests of other things turn it off. */
  autoAssign?: boolean | undefined;
}

export default fp<SupportChatPluginOptions>(
  async (app, options) => {
    const db = app.database.db;
    const broker = app.chatBroker;
    const log = app.log.child({ component: "chat" });
    const kickMailer = () => app.mailer.kick();
    const otpSecret = await getOrCreateSetting(db, "chat.otp_secret", () =>
      randomBytes(32).toString("base64url"),
    );

    const presence = new ChatPresence(broker, (err) =>
      log.warn({ err }, "visitor presence not sent to the consoles"),
    );
    const followUpMail = new FollowUpMail(
      db,
      kickMailer,
      (email) => presence.visitorOnline(email),
      log,
      {
        publicUrl: options.publicUrl,
        missedReplyGraceMs: options.missedReplyGraceMs ?? defaultFollowUpTiming.missedReplyGraceMs,
        missedReplyQuietMs: options.missedReplyQuietMs ?? defaultFollowUpTiming.missedReplyQuietMs,
      },
    );
    const readModel = new ConsoleReadModel(db, broker, presence);
    const routing = new ConsoleRouting(db, broker, presence, readModel, log, {
      autoAssign: options.autoAssign ?? true,
    });
    const rules = new ConversationRules(
      db,
      broker,
      presence,
      readModel,
      followUpMail,
      kickMailer,
      log,
      {
        publicUrl: options.publicUrl,
        supportInbox: options.supportInbox,
        messageStored: (side) => app.metrics.messageStored(side),
        routeWaiting: () => routing.assignWaiting(),
      },
    );

    app.decorate("chatPresence", presence);
    app.decorate("conversationRules", rules);
    app.decorate(
      "clientFrames",
      new ClientFrames(rules, (sessionId) => app.visitorSessions.end(sessionId)),
    );
    app.decorate("consoleReadModel", readModel);
    app.decorate("consoleRouting", routing);
    const team = new ConsoleTeam(db, broker, readModel, kickMailer, log, {
      supportInbox: options.supportInbox,
      publicUrl: options.publicUrl,
      availability: (agent) => routing.availability(agent),
    });
    app.decorate("consoleTeam", team);
    app.decorate(
      "consoleHygiene",
      new ConsoleHygiene(db, broker, presence, rules, team, routing, log),
    );
    app.decorate("followUpMail", followUpMail);
    app.decorate(
      "oneTimeCodes",
      new OneTimeCodes(
        db,
        otpSecret,
        options.publicUrl,
        { ...defaultOtpRules, ...options.otpRules },
        options.makeOtp,
      ),
    );

    app.addHook("onClose", async () => {
      await rules.settled();
      await routing.settled();
      await followUpMail.close();
      // The last settle windows still tell the consoles on other instances who left.
      await presence.settled();
      presence.stop();
    });
  },
  {
    name: "support-chat",
    dependencies: ["db", "metrics", "mailer", "chat-broker", "visitor-sessions", "client-ip-hash"],
  },
);
