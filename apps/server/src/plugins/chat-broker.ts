/**
 * `app.chatBroker`: the one path by which anything reaches the chat's sockets, on this instance or
 * any other (in-process unless another transport is given), and `app.instanceId`, unique per
 * running instance, which names this instance's sockets in the broker's presence sets.
 */
import { randomUUID } from "node:crypto";
import fp from "fastify-plugin";
import { ChatBroker, InProcessTransport, type BrokerTransport } from "../chat/broker";

declare module "fastify" {
  interface FastifyInstance {
    chatBroker: ChatBroker;
    /** Unique per running instance: presence members are `<instanceId>:<socket>`. */
    instanceId: string;
  }
}

export interface ChatBrokerOptions {
  /** Tests, and several instances later, plug in another transport. */
  transport?: BrokerTransport | undefined;
}

export default fp<ChatBrokerOptions>(
  async (app, options) => {
    const broker = new ChatBroker(
      options.transport ?? new InProcessTransport(),
      app.log.child({ component: "chat-broker" }),
    );
    app.decorate("chatBroker", broker);
    app.decorate("instanceId", randomUUID());
    app.addHook("onClose", async () => broker.close());
  },
  { name: "chat-broker" },
);
