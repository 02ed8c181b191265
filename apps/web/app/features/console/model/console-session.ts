/**
 * One signed-in agent's live console: the agent socket, the state every screen reads, and the rules
 * that keep it true without a reload. The lists and histories come over HTTP (console-sync.ts);
 * every push in between goes through the frame table and the reducer. Fetching marks nothing read:
 * what the agent has in front of them, in a visible tab, is marked with markRead. Every reply gets
 * a client_id when it is typed and waits in the outbox (kept in sessionStorage) until the server
 * acknowledges it; after a reconnect or a new sign-in it is sent again with the same id, so it is
 * stored once. A reply to a chat that has ended is not kept: it can never be sent. The store, the
 * outbox and the typing signals are lib/live-chat's, the same as the widget's. React reads the
 * store with useSyncExternalStore.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { AgentFrame } from "@hourline/contracts/chat-frames";
import {
  imageMessageHtml,
  textToLinkedMessageHtml,
  type ChatMessage,
} from "@hourline/contracts/chat-message";
import type { ContactMessageSummary, ConversationSummary } from "@hourline/contracts/console-inbox";
import type { ConversationDetailAnswer } from "@hourline/contracts/console";
import type {
  AgentEntry,
  ConversationCounts,
  ConversationView,
} from "@hourline/contracts/console-team";
import type { ApiResult } from "~/lib/api-client";
import {
  ChatConnection,
  mayMeanSessionLost,
  type ConnectionEnv,
} from "~/lib/live-chat/chat-connection";
import { KeyedTimers } from "~/lib/live-chat/keyed-timers";
import { isCatchUp, missedBefore, refusedForNow } from "~/lib/live-chat/frame-table";
import { deliveryErrors } from "~/lib/live-chat/live-messages";
import { LiveOutbox } from "~/lib/live-chat/live-outbox";
import { LiveStore } from "~/lib/live-chat/live-store";
import { TypingFade, TypingSignal } from "~/lib/live-chat/live-typing";
import type { StorageLike } from "~/lib/live-chat/stored-json";
import type { ConversationPage } from "../api/console-urls";
import type { MeOutcome } from "../api/fetch-me";
import { alertFor, type ConsoleAlert } from "./console-alerts";
import { frameReader } from "./console-frames";
import {
  consoleReducer,
  initialConsoleState,
  isReading,
  type ConsoleAction,
  type ConsoleState,
} from "./console-state";
import { forgetAgentWork, loadDrafts, loadOutbox, saveDraft, saveOutbox } from "./console-storage";
import { pendingReplies, repliesToKeep, type PendingReply } from "./console-threads";
import { ConsoleSync } from "./console-sync";
import { isBehind } from "./conversation-summaries";

export interface ConsoleApi {
  fetchConversations(
    view: ConversationView,
    page?: ConversationPage,
  ): Promise<ApiResult<ConversationSummary[]>>;
  fetchCounts(): Promise<ApiResult<ConversationCounts>>;
  fetchEntries(id: number): Promise<ApiResult<AgentEntry[]>>;
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

/** New visitor messages in the conversation on screen are marked read after this pause. */
export const READ_DELAY_MS = 300;

/** The views' counts are asked for again this long after the last change heard. */
export const COUNTS_DELAY_MS = 500;

export const consoleMessages = {
  notAcked: deliveryErrors.notAcked,
  chatEnded: "The chat had ended, so this reply was not sent.",
  notConnected: "Not connected to the server. Wait until the console reconnects, then try again.",
} as const;

export class ConsoleSession {
  private readonly store: LiveStore<ConsoleState, ConsoleAction>;
  private readonly alertListeners = new Set<(alert: ConsoleAlert) => void>();
  /** One per start: a session stopped and started again (React's development checks) reconnects. */
  private connection: ChatConnection<AgentFrame> | null = null;
  private readonly readFrame: (frame: unknown) => ConsoleAction | null;
  private readonly outbox: LiveOutbox<PendingReply>;
  private readonly typing: TypingSignal<number>;
  /** Others typing, per conversation and side ("7:visitor", "7:agent"). */
  private readonly othersTyping: TypingFade<string>;
  private readonly readTimers: KeyedTimers<number>;
  private readonly countTimers: KeyedTimers<number>;
  private readonly sync: ConsoleSync;
  /** The outbox as last written to storage: an unchanged one is not written again. */
  private savedOutbox: string;
  private stopSessionWatch: (() => void) | null = null;
  private checkingSession = false;
  /** Signed out here: nothing of this agent's work is written to storage any more. */
  private forgotten = false;

  constructor(
    me: AgentProfile,
    private readonly deps: ConsoleSessionDeps,
    options: { visible?: boolean } = {},
  ) {
    const initial = initialConsoleState(me, {
      visible: options.visible ?? true,
      pending: loadOutbox(deps.storage, me.id),
    });
    this.store = new LiveStore(consoleReducer, initial, (before, after) => {
      // A reply's delivery, or the end of its chat (which makes it one not to keep), changed.
      const outboxMayChange =
        after.threads !== before.threads || after.conversations !== before.conversations;
      if (outboxMayChange && !this.forgotten) this.persistOutbox(after);
    });
    this.readFrame = frameReader(me.id);
    this.savedOutbox = JSON.stringify(repliesToKeep(initial));
    this.outbox = new LiveOutbox<PendingReply>(
      {
        waiting: () => pendingReplies(this.state),
        apply: (change) => this.dispatch(change),
        transmit: (pending) => this.send(this.replyFrame(pending)),
      },
      deps,
    );
    this.typing = new TypingSignal(deps.env, (conversationId, typing) =>
      this.send({ message_type: "typing", conversation_id: conversationId, typing }),
    );
    this.othersTyping = new TypingFade(deps.env);
    this.readTimers = new KeyedTimers(deps.env);
    this.countTimers = new KeyedTimers(deps.env);
    this.sync = new ConsoleSync({
      api: deps.api,
      state: () => this.state,
      dispatch: (action) => this.dispatch(action),
      markReadSoon: (conversationId) => this.markReadSoon(conversationId),
    });
  }

  // --- the store React reads -----------------------------------------------------------------

  getState = (): ConsoleState => this.store.getState();

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  /** New conversations and visitor messages as they arrive; returns the unsubscribe. */
  onAlert(listener: (alert: ConsoleAlert) => void): () => void {
    this.alertListeners.add(listener);
    return () => this.alertListeners.delete(listener);
  }

  private get state(): ConsoleState {
    return this.store.getState();
  }

  private dispatch(action: ConsoleAction) {
    this.store.dispatch(action);
  }

  private persistOutbox(state: ConsoleState) {
    const pending = repliesToKeep(state);
    const serialised = JSON.stringify(pending);
    if (serialised === this.savedOutbox) return;
    this.savedOutbox = serialised;
    saveOutbox(this.deps.storage, state.me.id, pending);
  }

  // --- life ----------------------------------------------------------------------------------

  start(): void {
    if (this.connection || this.state.expired) return;
    this.stopSessionWatch = this.deps.api.onSessionLost(() => this.expire());
    const connection = new ChatConnection<AgentFrame>(this.deps.socketUrl, this.deps.env, {
      onStatus: (status) => this.dispatch({ type: "connection", status }),
      onOpen: () => this.onOpen(),
      onFrame: (frame) => this.onFrame(frame),
      onClose: (info) => this.onClose(info),
    });
    this.connection = connection;
    // The lists come over HTTP at once, even where a proxy holds WebSockets back.
    void this.sync.refresh();
    connection.start();
  }

  /** Stops (sign-out, leaving the console, an ended session). The outbox stays in storage. */
  stop(): void {
    this.stopSessionWatch?.();
    this.stopSessionWatch = null;
    this.outbox.pause();
    this.typing.stop();
    this.othersTyping.stop();
    this.readTimers.clearAll();
    this.countTimers.clearAll();
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

  /**
   * A reply's frame. It carries the newest message this console holds in the thread (after_id),
   * so the server refuses it as a `conflict` when a colleague wrote since; the refusal shows on
   * the reply with Retry, and by then the colleague's message is in the thread, so Retry sends it
   * anyway. A thread never loaded here has shown nothing: no after_id.
   */
  private replyFrame(pending: PendingReply): AgentFrame {
    const thread = this.state.threads[pending.conversationId];
    return {
      message_type: "message",
      conversation_id: pending.conversationId,
      message: pending.html,
      msg_type: pending.msgType,
      client_id: pending.clientId,
      ...(thread?.loaded ? { after_id: thread.lastId } : {}),
    };
  }

  /** Sends a frame on the open socket; false when there is none. */
  private send(frame: AgentFrame): boolean {
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
    // The other consoles show who is looking at a chat (sent again when the socket reopens).
    this.send({ message_type: "viewing", conversation_id: conversationId });
    if (conversationId === null) return;
    void this.load(conversationId).then(() => {
      if (unread > 0) this.markReadSoon(conversationId);
    });
  }

  /** Fetches one conversation's details and the messages not held yet. */
  load(conversationId: number): Promise<void> {
    return this.sync.load(conversationId);
  }

  /** The next page of a view, after the last conversation of the page before. */
  loadMore(view: ConversationView, oldestId: number): Promise<void> {
    return this.sync.loadMore(view, oldestId);
  }

  /**
   * Something this agent did here (assigned, answered by e-mail, marked handled, reopened): the
   * conversation and the counts are asked for again at once, before the pushes arrive.
   */
  changed(conversationId: number): void {
    void this.sync.loadSummary(conversationId);
    this.countsSoon();
  }

  /** Search results: kept up to date live like every other summary. */
  takeSummaries(list: ConversationSummary[]): void {
    this.dispatch({ type: "summaries", list });
  }

  /** An internal note or e-mail answer this agent added: shown before its push arrives. */
  addEntry(entry: AgentEntry): void {
    this.dispatch({ type: "entry", entry });
  }

  /** Counts are asked for once per burst of changes, and at least every pause while they go on. */
  private countsSoon() {
    this.countTimers.soon(0, COUNTS_DELAY_MS, () => void this.sync.loadCounts());
  }

  // --- replies -------------------------------------------------------------------------------

  /** Queues a typed reply; false when there is nothing to send or the chat has ended. */
  sendText(conversationId: number, text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed || !this.isOpen(conversationId)) return false;
    this.outbox.add({ conversationId, msgType: "text", html: textToLinkedMessageHtml(trimmed) });
    this.setTyping(conversationId, false);
    return true;
  }

  sendImage(conversationId: number, url: string): boolean {
    if (!this.isOpen(conversationId)) return false;
    this.outbox.add({ conversationId, msgType: "image", html: imageMessageHtml(url) });
    return true;
  }

  retry(clientId: string): void {
    this.outbox.retry(clientId, (pending) => this.isOpen(pending.conversationId));
  }

  /** Ends a chat; false (with a notice) when the socket is not open and nothing was sent. */
  endChat(conversationId: number): boolean {
    if (!this.isOpen(conversationId)) return false;
    const sent = this.send({ message_type: "chat_end", conversation_id: conversationId });
    if (!sent) this.dispatch({ type: "notice", message: consoleMessages.notConnected });
    return sent;
  }

  /** The agent is typing a reply (true) or stopped (false); the visitor sees an indicator. */
  setTyping(conversationId: number, active: boolean): void {
    this.typing.set(conversationId, active && this.isOpen(conversationId));
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

  private isOpen(conversationId: number): boolean {
    return this.state.conversations[conversationId]?.state === "open" && !this.state.expired;
  }

  // --- the connection's events ---------------------------------------------------------------

  private onOpen() {
    const viewing = this.state.viewing;
    if (viewing !== null) this.send({ message_type: "viewing", conversation_id: viewing });
    this.outbox.resend();
    void this.sync.refresh();
  }

  private onFrame(frame: unknown) {
    if (isCatchUp(frame)) void this.sync.refresh();
    // Refused for now (the server cannot store messages this moment): it goes again by itself.
    const later = refusedForNow(frame);
    if (later !== undefined) {
      this.outbox.later(later);
      return;
    }
    const action = this.readFrame(frame);
    if (!action) return;
    if (action.type === "received") {
      // Loaded before the message is applied, so it fetches from the last one held.
      const thread = this.state.threads[action.message.conversation_id];
      if (thread?.loaded && missedBefore(frame, thread.lastId)) {
        void this.sync.load(action.message.conversation_id);
      }
    }
    if (action.type === "acked" || action.type === "failed") this.outbox.answered(action.clientId);
    // Made before a message this console already has: its counts are asked for again.
    const stale =
      action.type === "conversation" &&
      isBehind(this.state.conversations[action.summary.id], action.summary);
    const alert = this.alertListeners.size > 0 ? alertFor(this.state, action) : null;
    if (alert) for (const listener of this.alertListeners) listener(alert);
    this.dispatch(action);
    if (stale) void this.sync.loadSummary(action.summary.id);

    switch (action.type) {
      case "received": {
        const { conversation_id: id, sender_type: from } = action.message;
        if (!this.state.conversations[id]) void this.sync.loadSummary(id);
        if (from === "visitor" && isReading(this.state, id)) this.markReadSoon(id);
        break;
      }
      case "typing": {
        const { conversationId, from } = action;
        this.othersTyping.heard(`${conversationId}:${from}`, action.typing, () =>
          this.dispatch({ type: "typing", conversationId, from, typing: false }),
        );
        break;
      }
      case "conversation":
        this.countsSoon();
        break;
      case "ended":
        // Whether it was missed is the server's to say: its summary is asked for again.
        void this.sync.loadSummary(action.conversationId);
        this.countsSoon();
        this.outbox.fail(
          consoleMessages.chatEnded,
          (pending) => pending.conversationId === action.conversationId,
        );
        this.setTyping(action.conversationId, false);
        break;
    }
  }

  private onClose(info: { opened: boolean; code: number }) {
    this.outbox.pause();
    this.typing.reset();
    this.sync.socketClosed();
    if (mayMeanSessionLost(info)) void this.checkSession();
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

  // --- reading -------------------------------------------------------------------------------

  private markReadSoon(conversationId: number) {
    this.readTimers.soon(conversationId, READ_DELAY_MS, () => {
      const lastId = this.state.threads[conversationId]?.lastId ?? 0;
      if (lastId > 0 && isReading(this.state, conversationId)) {
        this.dispatch({ type: "read", conversationId });
        void this.deps.api.markRead(conversationId, lastId);
      }
    });
  }
}
