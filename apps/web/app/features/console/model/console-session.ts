/**
 * One signed-in agent's live console: the agent socket, the state every screen reads, and the rules
 * that keep it true without a reload. Lists come over HTTP at start and after every reconnect, and
 * so does the history of the conversation on screen (only what is newer than what is held; other
 * histories catch up when opened); every push in between goes through the reducer. Fetching marks
 * nothing read: what the agent has in front of them, in a visible tab, is marked with markRead.
 * Every reply gets a client_id when it is typed and waits in the outbox (kept in sessionStorage)
 * until the server acknowledges it; after a reconnect or a new sign-in it is sent again with the
 * same id, so it is stored once. A reply to a chat that has ended is not kept: it can never be
 * sent. A small external store: React reads it with useSyncExternalStore.
 */
import {
  imageMessageHtml,
  textToMessageHtml,
  type ChatMessage,
  type MsgType,
} from "@hourline/contracts/chat-message";
import { type AgentProfile } from "@hourline/contracts/agent-sign-in";
import {
  type ContactMessageSummary,
  type ConversationSummary,
} from "@hourline/contracts/console-inbox";
import type { ConversationDetailAnswer } from "@hourline/contracts/console";
import type { ApiResult } from "~/lib/api-client";
import { ChatConnection, type ConnectionEnv } from "~/lib/live-chat/chat-connection";
import { deliveryErrors } from "~/lib/live-chat/live-messages";
import {
  ACK_TIMEOUT_MS,
  OTHERS_TYPING_TIMEOUT_MS,
  TYPING_IDLE_MS,
  TYPING_REPEAT_MS,
} from "~/lib/live-chat/live-timing";
import type { StorageLike } from "~/lib/live-chat/stored-json";
import type { MeOutcome } from "../api/fetch-me";
import { frameReader } from "./console-frames";
import {
  consoleReducer,
  findPending,
  initialConsoleState,
  isBehind,
  isReading,
  pendingReplies,
  repliesToKeep,
  type ConsoleAction,
  type ConsoleState,
  type PendingReply,
} from "./console-state";
import { forgetAgentWork, loadDrafts, loadOutbox, saveDraft, saveOutbox } from "./console-storage";

export interface ConsoleApi {
  fetchConversations(state: "open" | "ended"): Promise<ApiResult<ConversationSummary[]>>;
  fetchConversation(id: number): Promise<ApiResult<ConversationDetailAnswer>>;
  fetchMessages(id: number, after?: number): Promise<ApiResult<ChatMessage[]>>;
  markRead(id: number, lastId: number): Promise<ApiResult<unknown>>;
  fetchContacts(): Promise<ApiResult<ContactMessageSummary[]>>;
  fetchMe(): Promise<MeOutcome>;
  /** Calls back whenever any console call is refused for want of a session. */
  onSessionLost(listener: () => void): () => void;
}

export interface ConsoleSessionDeps {
  api: ConsoleApi;
  env: ConnectionEnv;
  socketUrl: string;
  storage: StorageLike | null;
  newClientId(): string;
}

/** Something an agent may want to hear about while looking elsewhere. */
export type ConsoleAlert =
  | { kind: "conversation"; conversationId: number; visitorName: string }
  | {
      kind: "message";
      conversationId: number;
      visitorName: string;
      html: string;
      msgType: MsgType;
    };

/** New visitor messages in the conversation on screen are marked read after this pause. */
export const READ_DELAY_MS = 300;

export const consoleMessages = {
  notAcked: deliveryErrors.notAcked,
  chatEnded: "The chat had ended, so this reply was not sent.",
  notConnected: "Not connected to the server. Wait until the console reconnects, then try again.",
} as const;

export class ConsoleSession {
  private state: ConsoleState;
  private readonly listeners = new Set<() => void>();
  private readonly alertListeners = new Set<(alert: ConsoleAlert) => void>();
  /** One per start: a session stopped and started again (React's development checks) reconnects. */
  private connection: ChatConnection | null = null;
  private readonly readFrame: (frame: unknown) => ConsoleAction | null;
  private readonly ackTimers = new Map<string, unknown>();
  private readonly typingSentAt = new Map<number, number>();
  private readonly typingTimers = new Map<number, unknown>();
  private readonly othersTypingTimers = new Map<string, unknown>();
  private readonly readTimers = new Map<number, unknown>();
  private readonly loading = new Map<number, Promise<void>>();
  /** Conversations whose summary is being fetched (loadSummary). */
  private readonly loadingSummary = new Set<number>();
  /** The outbox as last written to storage: an unchanged one is not written again. */
  private savedOutbox: string;
  /**
   * Where a held history continues after the socket was closed: its newest message then. Pushes
   * after a reconnect move a thread's lastId on, so it no longer tells what was missed.
   */
  private readonly resumeFrom = new Map<number, number>();
  /** Counts refreshes: only the newest one's answers are applied. */
  private refreshRun = 0;
  private stopSessionWatch: (() => void) | null = null;
  private checkingSession = false;
  /** Signed out here: nothing of this agent's work is written to storage any more. */
  private forgotten = false;

  constructor(
    me: AgentProfile,
    private readonly deps: ConsoleSessionDeps,
    options: { visible?: boolean } = {},
  ) {
    this.state = initialConsoleState(me, {
      visible: options.visible ?? true,
      pending: loadOutbox(deps.storage, me.id),
    });
    this.readFrame = frameReader(me.id);
    this.savedOutbox = JSON.stringify(repliesToKeep(this.state));
  }

  // --- the store React reads -----------------------------------------------------------------

  getState = (): ConsoleState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** New conversations and visitor messages as they arrive; returns the unsubscribe. */
  onAlert(listener: (alert: ConsoleAlert) => void): () => void {
    this.alertListeners.add(listener);
    return () => this.alertListeners.delete(listener);
  }

  private dispatch(action: ConsoleAction) {
    const before = this.state;
    this.state = consoleReducer(before, action);
    if (this.state === before) return;
    // A reply's delivery, or the end of its chat (which makes it one not to keep), changed.
    const outboxMayChange =
      this.state.threads !== before.threads || this.state.conversations !== before.conversations;
    if (outboxMayChange && !this.forgotten) this.persistOutbox();
    for (const listener of this.listeners) listener();
  }

  private persistOutbox() {
    const pending = repliesToKeep(this.state);
    const serialised = JSON.stringify(pending);
    if (serialised === this.savedOutbox) return;
    this.savedOutbox = serialised;
    saveOutbox(this.deps.storage, this.state.me.id, pending);
  }

  // --- life ----------------------------------------------------------------------------------

  start(): void {
    if (this.connection || this.state.expired) return;
    this.stopSessionWatch = this.deps.api.onSessionLost(() => this.expire());
    const connection = new ChatConnection(this.deps.socketUrl, this.deps.env, {
      onStatus: (status) => this.dispatch({ type: "connection", status }),
      onOpen: () => this.onOpen(),
      onFrame: (frame) => this.onFrame(frame),
      onClose: ({ opened, code }) => this.onClose(opened, code),
    });
    this.connection = connection;
    // The lists come over HTTP at once, even where a proxy holds WebSockets back.
    void this.refresh();
    connection.start();
  }

  /** Stops (sign-out, leaving the console, an ended session). The outbox stays in storage. */
  stop(): void {
    this.stopSessionWatch?.();
    this.stopSessionWatch = null;
    this.clearTimers();
    const connection = this.connection;
    this.connection = null;
    connection?.stop();
  }

  /** An explicit sign-out: stops, and forgets this agent's unsent replies and drafts in the tab. */
  forget(): void {
    this.stop();
    this.forgotten = true;
    forgetAgentWork(this.deps.storage, this.state.me.id);
  }

  /** Sends a frame on the open socket; false when there is none. */
  private send(frame: object): boolean {
    return this.connection?.send(frame) ?? false;
  }

  /** The agent's own profile changed (a new display name). */
  setMe(agent: AgentProfile): void {
    this.dispatch({ type: "me", agent });
  }

  setVisible(visible: boolean): void {
    this.dispatch({ type: "visible", visible });
    if (visible && this.state.viewing !== null) this.markReadSoon(this.state.viewing);
  }

  /** The conversation on screen: its details and history are fetched and it is marked read. */
  view(conversationId: number | null): void {
    if (this.state.viewing === conversationId) return;
    const unread =
      conversationId === null ? 0 : (this.state.conversations[conversationId]?.unread ?? 0);
    this.dispatch({ type: "viewing", conversationId });
    if (conversationId === null) return;
    void this.load(conversationId).then(() => {
      if (unread > 0) this.markReadSoon(conversationId);
    });
  }

  /** Fetches one conversation's details and the messages not held yet. */
  load(conversationId: number): Promise<void> {
    const running = this.loading.get(conversationId);
    if (running) return running;
    const job = (async () => {
      const thread = this.state.threads[conversationId];
      const after =
        this.resumeFrom.get(conversationId) ?? (thread?.loaded ? thread.lastId : undefined);
      const [detail, messages] = await Promise.all([
        this.deps.api.fetchConversation(conversationId),
        this.deps.api.fetchMessages(conversationId, after),
      ]);
      if (this.state.expired) return;
      if (detail.ok) this.dispatch({ type: "detail", detail: detail.data });
      if (messages.ok) {
        if (this.resumeFrom.get(conversationId) === after) this.resumeFrom.delete(conversationId);
        this.dispatch({ type: "history", conversationId, messages: messages.data });
      }
      if (!detail.ok && detail.status === 404) {
        this.dispatch({ type: "missing", conversationId });
      } else if (!detail.ok && detail.status !== 401) {
        this.dispatch({ type: "notice", message: detail.error.message });
      }
    })().finally(() => this.loading.delete(conversationId));
    this.loading.set(conversationId, job);
    return job;
  }

  // --- replies -------------------------------------------------------------------------------

  /** Queues a typed reply; false when there is nothing to send or the chat has ended. */
  sendText(conversationId: number, text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed || !this.isOpen(conversationId)) return false;
    this.enqueue(conversationId, "text", textToMessageHtml(trimmed));
    this.setTyping(conversationId, false);
    return true;
  }

  sendImage(conversationId: number, url: string): boolean {
    if (!this.isOpen(conversationId)) return false;
    this.enqueue(conversationId, "image", imageMessageHtml(url));
    return true;
  }

  retry(clientId: string): void {
    const pending = findPending(this.state, clientId);
    if (!pending || !this.isOpen(pending.conversationId)) return;
    this.dispatch({ type: "retrying", clientId });
    this.transmit(clientId);
  }

  /** Ends a chat; false (with a notice) when the socket is not open and nothing was sent. */
  endChat(conversationId: number): boolean {
    if (!this.isOpen(conversationId)) return false;
    const sent = this.send({
      message_type: "chat_end",
      conversation_id: conversationId,
    });
    if (!sent) this.dispatch({ type: "notice", message: consoleMessages.notConnected });
    return sent;
  }

  /** The agent is typing a reply (true) or stopped (false); the visitor sees an indicator. */
  setTyping(conversationId: number, active: boolean): void {
    const env = this.deps.env;
    const timer = this.typingTimers.get(conversationId);
    if (timer !== undefined) env.clearTimeout(timer);
    this.typingTimers.delete(conversationId);
    const frame = (typing: boolean) => ({
      message_type: "typing",
      conversation_id: conversationId,
      typing,
    });
    if (active && this.isOpen(conversationId)) {
      const now = env.now();
      const sentAt = this.typingSentAt.get(conversationId);
      if (sentAt === undefined || now - sentAt >= TYPING_REPEAT_MS) {
        if (this.send(frame(true))) this.typingSentAt.set(conversationId, now);
      }
      this.typingTimers.set(
        conversationId,
        env.setTimeout(() => this.setTyping(conversationId, false), TYPING_IDLE_MS),
      );
    } else if (this.typingSentAt.has(conversationId)) {
      this.typingSentAt.delete(conversationId);
      this.send(frame(false));
    }
  }

  draftOf(conversationId: number): string {
    return loadDrafts(this.deps.storage, this.state.me.id)[conversationId] ?? "";
  }

  saveDraft(conversationId: number, text: string): void {
    if (this.forgotten) return;
    saveDraft(this.deps.storage, this.state.me.id, conversationId, text);
  }

  /** A contact message changed here (read, handled): shown at once, before the push arrives. */
  applyContact(message: ContactMessageSummary): void {
    this.dispatch({ type: "contact", message });
  }

  dismissNotice(): void {
    this.dispatch({ type: "notice", message: null });
  }

  // --- the connection's events ---------------------------------------------------------------

  private onOpen() {
    for (const pending of pendingReplies(this.state)) {
      if (pending.delivery === "sending") this.transmit(pending.clientId);
    }
    void this.refresh();
  }

  private onFrame(frame: unknown) {
    const action = this.readFrame(frame);
    if (!action) return;
    if (action.type === "acked" || action.type === "failed") this.clearAckTimer(action.clientId);
    // Made before a message this console already has: its counts are asked for again.
    const stale =
      action.type === "conversation" &&
      isBehind(this.state.conversations[action.summary.id], action.summary);
    this.alertFor(action);
    this.dispatch(action);
    if (stale) void this.loadSummary(action.summary.id);

    switch (action.type) {
      case "received": {
        const { conversation_id: id, sender_type: from } = action.message;
        if (!this.state.conversations[id]) void this.loadSummary(id);
        if (from === "visitor" && isReading(this.state, id)) this.markReadSoon(id);
        break;
      }
      case "typing":
        this.fadeTyping(action.conversationId, action.from, action.typing);
        break;
      case "ended":
        this.failPending(action.conversationId, consoleMessages.chatEnded);
        this.setTyping(action.conversationId, false);
        break;
    }
  }

  private onClose(opened: boolean, code: number) {
    for (const clientId of [...this.ackTimers.keys()]) this.clearAckTimer(clientId);
    this.typingSentAt.clear();
    for (const [id, thread] of Object.entries(this.state.threads)) {
      if (thread.loaded && !this.resumeFrom.has(Number(id))) {
        this.resumeFrom.set(Number(id), thread.lastId);
      }
    }
    // A refused upgrade looks like any failed connection; ask whether the session still holds.
    if (!opened || code === 4401 || code === 1008) void this.checkSession();
  }

  private async checkSession() {
    if (this.checkingSession || this.state.expired) return;
    this.checkingSession = true;
    try {
      const outcome = await this.deps.api.fetchMe();
      if (outcome.kind === "signed-out") this.expire();
      else if (outcome.kind === "signed-in") this.setMe(outcome.agent);
    } finally {
      this.checkingSession = false;
    }
  }

  private expire() {
    if (this.state.expired) return;
    // Screens see `expired` and send the agent to sign in; the outbox stays in storage.
    this.dispatch({ type: "expired" });
    this.stop();
  }

  /**
   * Both lists, the contact messages, and whatever was missed in the conversations held. It runs at
   * start and on every open of the socket, so two may be under way: an older one's answers, made
   * before the newer one's, are dropped.
   */
  private async refresh() {
    const run = ++this.refreshRun;
    const { api } = this.deps;
    const [open, ended, contacts] = await Promise.all([
      api.fetchConversations("open"),
      api.fetchConversations("ended"),
      api.fetchContacts(),
    ]);
    if (run !== this.refreshRun || this.state.expired) return;
    const wasOpen = new Set(
      Object.values(this.state.conversations)
        .filter((c) => c.state === "open")
        .map((c) => c.id),
    );
    // Summaries made before a message pushed meanwhile: their counts are asked for again.
    const recheck = new Set(
      [...(open.ok ? open.data : []), ...(ended.ok ? ended.data : [])]
        .filter((c) => isBehind(this.state.conversations[c.id], c))
        .map((c) => c.id),
    );
    if (open.ok) this.dispatch({ type: "conversations", state: "open", list: open.data });
    if (ended.ok) this.dispatch({ type: "conversations", state: "ended", list: ended.data });
    if (contacts.ok) this.dispatch({ type: "contacts", list: contacts.data });
    if (open.ok) {
      // One that was open and is no longer listed ended while this console was away.
      for (const id of wasOpen) {
        if (!open.data.some((c) => c.id === id)) recheck.add(id);
      }
    }
    for (const id of recheck) {
      if (id !== this.state.viewing) void this.loadSummary(id);
    }
    // Only the conversation on screen is caught up now; the others from `resumeFrom` when they are
    // opened. What arrived for it meanwhile is read once it is shown (if the tab is visible).
    const viewing = this.state.viewing;
    if (viewing !== null) {
      const unread = open.ok ? (open.data.find((c) => c.id === viewing)?.unread ?? 0) : 0;
      void this.load(viewing).then(() => {
        if (unread > 0) this.markReadSoon(viewing);
      });
    }
  }

  /**
   * One conversation's summary and details, without its messages (nobody is reading them yet).
   * Once at a time per conversation: every message pushed for one not known yet asks for it.
   */
  private async loadSummary(conversationId: number) {
    if (this.loadingSummary.has(conversationId)) return;
    this.loadingSummary.add(conversationId);
    try {
      const detail = await this.deps.api.fetchConversation(conversationId);
      if (!this.state.expired && detail.ok) this.dispatch({ type: "detail", detail: detail.data });
    } finally {
      this.loadingSummary.delete(conversationId);
    }
  }

  private alertFor(action: ConsoleAction) {
    if (this.alertListeners.size === 0) return;
    const alert = (a: ConsoleAlert) => {
      for (const listener of this.alertListeners) listener(a);
    };
    if (action.type === "conversation") {
      const { summary } = action;
      if (
        this.state.loaded.open &&
        summary.state === "open" &&
        !this.state.conversations[summary.id]
      ) {
        alert({
          kind: "conversation",
          conversationId: summary.id,
          visitorName: summary.visitor_name,
        });
      }
    } else if (action.type === "received" && action.message.sender_type === "visitor") {
      const summary = this.state.conversations[action.message.conversation_id];
      const known = summary?.last_message && summary.last_message.id >= action.message.id;
      if (!known) {
        alert({
          kind: "message",
          conversationId: action.message.conversation_id,
          visitorName: action.message.sender_username,
          html: action.message.message,
          msgType: action.message.msg_type,
        });
      }
    }
  }

  // --- reading -------------------------------------------------------------------------------

  private markReadSoon(conversationId: number) {
    const env = this.deps.env;
    const timer = this.readTimers.get(conversationId);
    if (timer !== undefined) env.clearTimeout(timer);
    this.readTimers.set(
      conversationId,
      env.setTimeout(() => {
        this.readTimers.delete(conversationId);
        const lastId = this.state.threads[conversationId]?.lastId ?? 0;
        if (lastId > 0 && isReading(this.state, conversationId)) {
          this.dispatch({ type: "read", conversationId });
          void this.deps.api.markRead(conversationId, lastId);
        }
      }, READ_DELAY_MS),
    );
  }

  // --- the outbox ----------------------------------------------------------------------------

  private isOpen(conversationId: number): boolean {
    return this.state.conversations[conversationId]?.state === "open" && !this.state.expired;
  }

  private enqueue(conversationId: number, msgType: MsgType, html: string) {
    const pending: PendingReply = {
      clientId: this.deps.newClientId(),
      conversationId,
      html,
      msgType,
      createdAt: this.deps.env.now(),
      delivery: "sending",
    };
    this.dispatch({ type: "queued", pending });
    this.transmit(pending.clientId);
  }

  /** Sends one queued reply if the socket is open; otherwise it waits for the next open. */
  private transmit(clientId: string) {
    const pending = findPending(this.state, clientId);
    if (!pending) return;
    const sent = this.send({
      message_type: "message",
      conversation_id: pending.conversationId,
      message: pending.html,
      msg_type: pending.msgType,
      client_id: clientId,
    });
    if (!sent) return;
    this.clearAckTimer(clientId);
    this.ackTimers.set(
      clientId,
      this.deps.env.setTimeout(() => {
        this.ackTimers.delete(clientId);
        this.dispatch({ type: "failed", clientId, error: consoleMessages.notAcked });
      }, ACK_TIMEOUT_MS),
    );
  }

  private failPending(conversationId: number, error: string) {
    for (const pending of pendingReplies(this.state)) {
      if (pending.conversationId !== conversationId) continue;
      this.clearAckTimer(pending.clientId);
      this.dispatch({ type: "failed", clientId: pending.clientId, error });
    }
  }

  private clearAckTimer(clientId: string) {
    const timer = this.ackTimers.get(clientId);
    if (timer !== undefined) this.deps.env.clearTimeout(timer);
    this.ackTimers.delete(clientId);
  }

  // --- others typing -------------------------------------------------------------------------

  private fadeTyping(conversationId: number, from: "visitor" | "agent", typing: boolean) {
    const env = this.deps.env;
    const key = `${conversationId}:${from}`;
    const timer = this.othersTypingTimers.get(key);
    if (timer !== undefined) env.clearTimeout(timer);
    this.othersTypingTimers.delete(key);
    if (!typing) return;
    this.othersTypingTimers.set(
      key,
      env.setTimeout(() => {
        this.othersTypingTimers.delete(key);
        this.dispatch({ type: "typing", conversationId, from, typing: false });
      }, OTHERS_TYPING_TIMEOUT_MS),
    );
  }

  private clearTimers() {
    const env = this.deps.env;
    for (const timers of [
      this.ackTimers,
      this.typingTimers,
      this.othersTypingTimers,
      this.readTimers,
    ]) {
      for (const timer of timers.values()) env.clearTimeout(timer);
      timers.clear();
    }
  }
}
