/**
 * The two kinds of chat socket once upgraded: a visitor's (one tab of a verified browser) and an
 * agent's (one console). Each sets itself up (the visitor's socket claims its places under the
 * per-session and per-client limits, joins the registry and announces presence), hands its frames
 * to the chat services, and undoes its set-up when it closes. What all sockets of this instance
 * share (the services, the registry, the limits) is one `ChatSocketContext`.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import { agentFrameSchema, visitorFrameSchema } from "@hourline/contracts/chat-frames";
import { apiError } from "@hourline/contracts/api-error";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ChatBroker } from "../../chat/broker";
import type { AckFrame } from "@hourline/contracts/chat-server-frames";
import type { VisitorSession } from "../../plugins/visitor-sessions";
import {
  Connection,
  closeCodes,
  parseWith,
  send,
  type ConnectionContext,
  type ConnectionInit,
} from "./socket-connection";
import type { SocketRegistry } from "./socket-registry";

export interface ChatSocketContext extends ConnectionContext {
  app: FastifyInstance;
  registry: SocketRegistry;
  /** Open visitor sockets per chat session (tabs of one browser) and per client address. */
  visitorSocketLimits: { perSession: number; perClient: number };
}

/** The presence key that counts a chat session's open sockets, on every instance. */
export const sessionSocketsKey = (sessionId: number) => `socket-session:${sessionId}`;

/**
 * Refuses a visitor's new chat connection (a socket or an event stream: they count together) when
 * the session or the client address already holds as many as allowed; undefined when it may open.
 */
export async function refuseWhenVisitorConnectionsFull(
  broker: Pick<ChatBroker, "countPresent">,
  keys: { sessionId: number; clientKey: string },
  limits: { perSession: number; perClient: number },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const [sessionConnections, clientConnections] = await Promise.all([
    broker.countPresent(sessionSocketsKey(keys.sessionId)),
    broker.countPresent(keys.clientKey),
  ]);
  if (sessionConnections < limits.perSession && clientConnections < limits.perClient) {
    return undefined;
  }
  request.log.warn(
    `visitor ${request.url.startsWith("/sse/") ? "event stream" : "socket"} refused: too many open`,
  );
  return reply
    .code(429)
    .header("Retry-After", "30")
    .send(
      apiError(
        429,
        "rate_limited",
        "Too many chat windows are open. Please close one and try again.",
      ),
    );
}

/** What `setUp` is until `start()`: nothing was set up (shared by every socket). */
const notSetUp: Promise<boolean> = Promise.resolve(false);
const nothingSetUp: Promise<void> = Promise.resolve();

export class VisitorConnection extends Connection {
  declare readonly context: ChatSocketContext;
  readonly kind = "visitor" as const;
  /** Whether the set-up went through (false: refused, or closed meanwhile). */
  setUp = notSetUp;

  constructor(
    init: ConnectionInit & { context: ChatSocketContext },
    /** The session the upgrade proved. */
    readonly session: VisitorSession,
    /** The presence key counting this client's sockets (it holds the address's hash). */
    readonly clientKey: string,
  ) {
    super(init);
  }

  get email(): string {
    return this.session.email;
  }

  get sessionId(): number {
    return this.session.id;
  }

  handleFrame(value: unknown): Promise<AckFrame | undefined> {
    return this.context.app.clientFrames.fromVisitor(
      this.session,
      parseWith(visitorFrameSchema, value),
    );
  }

  /**
   * Claims this socket's places, each in one atomic step: two upgrades let through together (on
   * one instance or two) cannot both take the last place. Presence is set before frames are
   * handled, and cleared (on close) only after it was set.
   */
  start(): Promise<boolean> {
    const { app, registry, visitorSocketLimits: limits } = this.context;
    const broker = app.chatBroker;
    this.setUp = (async () => {
      const claimed =
        (await broker.claimPresence(
          sessionSocketsKey(this.session.id),
          this.member,
          limits.perSession,
        )) && (await broker.claimPresence(this.clientKey, this.member, limits.perClient));
      if (!claimed) {
        app.metrics.refused("socket_windows");
        this.socket.close(closeCodes.policy, "Too many chat windows");
        return false;
      }
      if (this.socket.readyState !== this.socket.OPEN) return false;
      await registry.addVisitor(this);
      await app.chatPresence.visitorSocket(this.session.email, this.member, true);
      send(this.socket, {
        message_type: "presence",
        agents_online: await app.chatPresence.agentsOnline(),
      });
      return true;
    })();
    return this.setUp;
  }

  closed(code: number): void {
    const { app, registry } = this.context;
    this.noteClosed(app.metrics, code);
    registry.removeVisitor(this);
    void this.setUp
      .catch(() => true)
      .then(async (wasSetUp) => {
        await Promise.all(
          [sessionSocketsKey(this.session.id), this.clientKey].map((key) =>
            app.chatBroker.setPresent(key, this.member, false),
          ),
        );
        if (wasSetUp) await app.chatPresence.visitorSocket(this.session.email, this.member, false);
      })
      .catch((err: unknown) =>
        app.log.warn({ err, requestId: this.reqId }, "visitor presence not cleared"),
      );
  }
}

export class AgentConnection extends Connection {
  declare readonly context: ChatSocketContext;
  readonly kind = "agent" as const;
  setUp: Promise<void> = nothingSetUp;

  constructor(
    init: ConnectionInit & { context: ChatSocketContext },
    /** The agent's profile, kept up to date by the registry (a new display name applies at once). */
    public agent: AgentProfile,
    readonly sessionId: number,
  ) {
    super(init);
  }

  /** The conversation this console said it shows: cleared for the others when it closes. */
  private viewing: number | null = null;

  /** The profile is read at each frame: a new display name applies from the next one on. */
  handleFrame(value: unknown): Promise<AckFrame | undefined> {
    const frame = parseWith(agentFrameSchema, value);
    if (frame.message_type === "viewing") this.viewing = frame.conversation_id;
    return this.context.app.clientFrames.fromAgent(this.agent, frame);
  }

  start(): Promise<void> {
    this.context.registry.addAgent(this);
    const { app } = this.context;
    this.setUp = app.chatPresence
      .agentSocket(this.agent.id, this.member, true)
      // An agent who connects may take chats that wait for someone free.
      .then(() => app.consoleRouting.assignWaiting());
    return this.setUp;
  }

  closed(code: number): void {
    const { app, registry } = this.context;
    this.noteClosed(app.metrics, code);
    registry.removeAgent(this);
    void this.setUp
      .catch(() => undefined)
      .then(() => app.chatPresence.agentSocket(this.agent.id, this.member, false))
      .then(() =>
        this.viewing === null ? undefined : app.conversationRules.agentViewing(this.agent, null),
      )
      .catch(() => undefined);
  }
}
