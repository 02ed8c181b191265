/**
 * One running conversation: the connection, the state the panel renders, and the rules that make
 * a refresh unnecessary. Every typed message gets a client_id at once and waits in the outbox
 * (persisted for reloads) until the server acknowledges it; after every (re)connect the outbox is
 * sent again with the same ids, and the messages and conversation state missed meanwhile are
 * fetched. A small external store: React reads it with useSyncExternalStore.
 */
import { imageMessageHtml, textToMessageHtml } from "@hourline/contracts/chat-message";
import type { CheckEmailOutcome } from "../api/check-chat-email";
import type { FetchMessagesOutcome } from "../api/fetch-chat-messages";
import type { FetchStateOutcome } from "../api/fetch-conversation-state";
import {
  ChatConnection,
  type ConnectionEnv,
  type ConnectionStatus,
} from "~/lib/live-chat/chat-connection";
import { toMillis } from "~/lib/live-chat/clock-time";
import { deliveryErrors } from "~/lib/live-chat/live-messages";
import {
  ACK_TIMEOUT_MS,
  OTHERS_TYPING_TIMEOUT_MS,
  TYPING_IDLE_MS,
  TYPING_REPEAT_MS,
} from "~/lib/live-chat/live-timing";
import {
  chatReducer,
  initialChatState,
  pendingMessages,
  type ChatAction,
  type ChatState,
  type PendingMessage,
} from "./chat-state";
import { loadOutbox, saveActiveChat, saveOutbox } from "./chat-storage";
import { frameToAction } from "./frame-actions";

export interface ChatIdentity {
  email: string;
  username: string;
  conversationId: number;
  transcript: boolean;
}

export interface ChatSessionDeps {
  api: {
    fetchMessages(email: string, afterId?: number): Promise<FetchMessagesOutcome>;
    fetchState(conversationId: number): Promise<FetchStateOutcome>;
    checkEmail(email: string): Promise<CheckEmailOutcome>;
  };
  env: ConnectionEnv;
  socketUrl: string;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  newClientId(): string;
}

export interface ChatSessionEvents {
  /** The browser's session no longer proves the e-mail: the visitor must verify again. */
  onUnverified?(): void;
  onUnread?(count: number): void;
}

export const sessionMessages = {
  notAcked: deliveryErrors.notAcked,
  chatEnded: "The chat had ended, so this message was not sent.",
} as const;

export class ChatSession {
  private state: ChatState;
  private readonly listeners = new Set<() => void>();
  private readonly connection: ChatConnection;
  private readonly ackTimers = new Map<string, unknown>();
  private typingSentAt: number | null = null;
  private typingTimer: unknown = null;
  private agentTypingTimer: unknown = null;
  private resyncRun = 0;
  private checkingSession = false;
  /** The visitor ended the chat while offline: send chat_end once connected, then stop. */
  private endPending = false;

  constructor(
    readonly identity: ChatIdentity,
    private readonly deps: ChatSessionDeps,
    private readonly events: ChatSessionEvents = {},
    options: { agentsOnline?: boolean; visible?: boolean } = {},
  ) {
    this.state = initialChatState({
      agentsOnline: options.agentsOnline ?? null,
      visible: options.visible ?? true,
      pending: loadOutbox(deps.storage, identity.email),
      senderName: identity.username,
    });
    this.connection = new ChatConnection(deps.socketUrl, deps.env, {
      onStatus: (status) => this.dispatch({ type: "connection", status }),
      onOpen: () => this.onOpen(),
      onFrame: (frame) => this.onFrame(frame),
      onClose: ({ opened, code }) => this.onClose(opened, code),
    });
  }

  // --- the store React reads -----------------------------------------------------------------

  getState = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private dispatch(action: ChatAction) {
    const before = this.state;
    this.state = chatReducer(before, action);
    if (this.state === before) return;
    if (this.state.messages !== before.messages) this.persistOutbox();
    if (this.state.unread !== before.unread) this.events.onUnread?.(this.state.unread);
    for (const listener of this.listeners) listener();
  }

  // --- what the panel asks for -----------------------------------------------------------------

  start(): void {
    saveActiveChat(this.deps.storage, {
      email: this.identity.email,
      username: this.identity.username,
      transcript: this.identity.transcript,
    });
    // The history comes over HTTP at once, even where a proxy holds WebSockets back.
    void this.resync(undefined);
    this.connection.start();
  }

  /** Queues a typed message; false when there is nothing to send. */
  sendText(text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed || this.state.ended) return false;
    this.enqueue("text", textToMessageHtml(trimmed));
    this.setTyping(false);
    return true;
  }

  sendImage(url: string): void {
    if (this.state.ended) return;
    this.enqueue("image", imageMessageHtml(url));
  }

  retry(clientId: string): void {
    const message = this.state.messages.find((m) => m.clientId === clientId && m.id === null);
    if (!message || this.state.ended) return;
    this.dispatch({ type: "retrying", clientId });
    this.transmit(clientId);
  }

  /** The visitor is typing (true) or stopped (false); the agent sees an indicator. */
  setTyping(active: boolean): void {
    const env = this.deps.env;
    if (this.typingTimer !== null) env.clearTimeout(this.typingTimer);
    this.typingTimer = null;
    if (active) {
      const now = env.now();
      if (this.typingSentAt === null || now - this.typingSentAt >= TYPING_REPEAT_MS) {
        if (this.connection.send({ message_type: "typing", typing: true })) {
          this.typingSentAt = now;
        }
      }
      this.typingTimer = env.setTimeout(() => this.setTyping(false), TYPING_IDLE_MS);
    } else if (this.typingSentAt !== null) {
      this.typingSentAt = null;
      this.connection.send({ message_type: "typing", typing: false });
    }
  }

  setVisible(visible: boolean): void {
    this.dispatch({ type: "visible", visible });
  }

  /** A connection attempt now rather than after the backoff (the panel's "Try now"). */
  reconnectNow(): void {
    this.connection.reconnectNow();
  }

  /** The visitor ends the chat (after confirming). The panel is done with this session. */
  end(): void {
    this.forget();
    const frame = {
      message_type: "chat_end",
      target_email: this.identity.email,
      user_type: "user",
    };
    if (this.connection.send(frame)) {
      this.close();
    } else {
      // Offline: keep trying in the background, deliver the end, then stop.
      this.endPending = true;
      this.connection.start();
    }
  }

  /** Stops everything; the outbox stays stored for this e-mail. */
  dispose(): void {
    this.endPending = false;
    this.close();
  }

  // --- the connection's events -----------------------------------------------------------------

  private onOpen() {
    if (this.endPending) {
      this.endPending = false;
      this.connection.send({
        message_type: "chat_end",
        target_email: this.identity.email,
        user_type: "user",
      });
      this.close();
      return;
    }
    // Where the missed messages start: decided before anything new can arrive on this socket.
    const after = this.state.historyLoaded ? (this.state.lastSeenId ?? undefined) : undefined;
    for (const message of this.state.messages) {
      if (message.id === null && message.delivery === "sending" && message.clientId) {
        this.transmit(message.clientId);
      }
    }
    void this.resync(after);
  }

  private onFrame(frame: unknown) {
    const action = frameToAction(frame);
    if (!action) return;
    if (action.type === "acked" || action.type === "failed") this.clearAckTimer(action.clientId);
    this.dispatch(action);
    if (action.type === "typing") this.fadeAgentTyping(action.typing);
    if (action.type === "ended") this.onEnded();
    const f = frame as { message_type?: unknown; code?: unknown };
    if (f.message_type === "error" && f.code === "chat_ended") void this.resync(undefined, true);
  }

  private onClose(opened: boolean, code: number) {
    for (const clientId of [...this.ackTimers.keys()]) this.clearAckTimer(clientId);
    this.typingSentAt = null;
    if (this.state.agentTyping) this.dispatch({ type: "typing", typing: false });
    // A refused upgrade looks like any failed connection; ask whether the session still holds.
    if (!opened || code === 1008 || code === 4401 || code === 4403) void this.checkSession();
  }

  private async checkSession() {
    if (this.checkingSession || this.endPending) return;
    this.checkingSession = true;
    try {
      const outcome = await this.deps.api.checkEmail(this.identity.email);
      if (outcome.kind === "unverified" && this.connection.current.kind !== "stopped") {
        this.close();
        saveActiveChat(this.deps.storage, null);
        this.events.onUnverified?.();
      }
    } finally {
      this.checkingSession = false;
    }
  }

  /** Fetches the messages after `after` (all when undefined) and the conversation's state. */
  private async resync(after: number | undefined, stateOnly = false) {
    const run = ++this.resyncRun;
    const { api } = this.deps;
    const [messages, conversation] = await Promise.all([
      stateOnly ? null : api.fetchMessages(this.identity.email, after),
      api.fetchState(this.identity.conversationId),
    ]);
    if (run !== this.resyncRun || this.connection.current.kind === "stopped") return;
    if (messages?.kind === "unauthorized" || conversation.kind === "unauthorized") {
      void this.checkSession();
      return;
    }
    if (messages?.kind === "messages") {
      this.dispatch({ type: "history", messages: messages.messages });
    }
    if (conversation.kind === "state" && conversation.conversation.agents_online !== undefined) {
      this.dispatch({ type: "presence", online: conversation.conversation.agents_online });
    }
    if (conversation.kind === "state" && conversation.conversation.state === "ended") {
      const { ended_at, ended_by } = conversation.conversation;
      this.dispatch({
        type: "ended",
        end: { by: ended_by ?? "agent", at: ended_at === null ? Date.now() : toMillis(ended_at) },
      });
      this.onEnded();
    }
  }

  // --- the outbox ------------------------------------------------------------------------------

  private enqueue(msgType: PendingMessage["msgType"], html: string) {
    const pending: PendingMessage = {
      clientId: this.deps.newClientId(),
      html,
      msgType,
      createdAt: this.deps.env.now(),
      delivery: "sending",
    };
    this.dispatch({ type: "queued", pending, senderName: this.identity.username });
    this.transmit(pending.clientId);
  }

  /** Sends one queued message if the socket is open; otherwise it waits for the next open. */
  private transmit(clientId: string) {
    const message = this.state.messages.find((m) => m.clientId === clientId && m.id === null);
    if (!message) return;
    const sent = this.connection.send({
      sender: this.identity.email,
      receiver: "null",
      message: message.html,
      msg_type: message.msgType,
      client_id: clientId,
    });
    if (!sent) return;
    this.clearAckTimer(clientId);
    this.ackTimers.set(
      clientId,
      this.deps.env.setTimeout(() => {
        this.ackTimers.delete(clientId);
        this.dispatch({ type: "failed", clientId, error: sessionMessages.notAcked });
      }, ACK_TIMEOUT_MS),
    );
  }

  private clearAckTimer(clientId: string) {
    const timer = this.ackTimers.get(clientId);
    if (timer !== undefined) this.deps.env.clearTimeout(timer);
    this.ackTimers.delete(clientId);
  }

  private persistOutbox() {
    if (this.state.ended) return;
    saveOutbox(this.deps.storage, this.identity.email, pendingMessages(this.state));
  }

  // --- endings ---------------------------------------------------------------------------------

  private onEnded() {
    for (const message of this.state.messages) {
      if (message.id === null && message.clientId) {
        this.dispatch({
          type: "failed",
          clientId: message.clientId,
          error: sessionMessages.chatEnded,
        });
      }
    }
    this.forget();
    this.close();
  }

  /** Nothing of this chat should come back after a reload. */
  private forget() {
    saveActiveChat(this.deps.storage, null);
    saveOutbox(this.deps.storage, this.identity.email, []);
  }

  private close() {
    const env = this.deps.env;
    for (const clientId of [...this.ackTimers.keys()]) this.clearAckTimer(clientId);
    if (this.typingTimer !== null) env.clearTimeout(this.typingTimer);
    if (this.agentTypingTimer !== null) env.clearTimeout(this.agentTypingTimer);
    this.typingTimer = null;
    this.agentTypingTimer = null;
    this.connection.stop();
  }

  private fadeAgentTyping(typing: boolean) {
    const env = this.deps.env;
    if (this.agentTypingTimer !== null) env.clearTimeout(this.agentTypingTimer);
    this.agentTypingTimer = typing
      ? env.setTimeout(() => {
          this.agentTypingTimer = null;
          this.dispatch({ type: "typing", typing: false });
        }, OTHERS_TYPING_TIMEOUT_MS)
      : null;
  }
}

export type { ConnectionStatus };
