/**
 * One signed-in agent's live console: the agent socket, the state every screen reads, and the rules
 * that keep it true without a reload. The lists and histories come over HTTP (console-sync.ts);
 * every push in between is worked out by frameOutcome (the state after it and the effects it calls
 * for) and its effects run by ConsoleEffects, the one place that fetches, marks read and alerts.
 * Fetching marks nothing read: what the agent has in front of them, in a visible tab, is marked
 * with markRead. Every reply gets a client_id when it is typed and waits in the outbox (kept in
 * sessionStorage by console-drafts.ts) until the server acknowledges it; after a reconnect or a
 * new sign-in it is sent again with the same id, so it is stored once. A reply to a chat that has
 * ended is not kept: it can never be sent. The store, the outbox and the typing signals are
 * lib/live-chat's, the same as the widget's. React reads the store with useSyncExternalStore.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { AgentFrame } from "@hourline/contracts/chat-frames";
import type { ContactMessageSummary, ConversationSummary } from "@hourline/contracts/console-inbox";
import type { AgentEntry, AgentStatus, ConversationView } from "@hourline/contracts/console-team";
import { ChatConnection, mayMeanSessionLost } from "~/lib/live-chat/chat-connection";
import { deliveryErrors } from "~/lib/live-chat/live-messages";
import { LiveStore } from "~/lib/live-chat/live-store";
import type { ConsoleSessionDeps } from "./console-api";
import type { ConsoleAlert } from "./console-alerts";
import { ConsoleDrafts } from "./console-drafts";
import { ConsoleEffects, type ConsoleEffect } from "./console-effects";
import { frameOutcome } from "./console-frame-outcome";
import { frameReader } from "./console-frames";
import { ConsoleReplies } from "./console-replies";
import { consoleReducer, initialConsoleState } from "./console-state";
import type { ConsoleAction, ConsoleState } from "./console-state-shape";
import { ConsoleSync } from "./console-sync";
import { FirstLists } from "./first-lists";

export { COUNTS_DELAY_MS, READ_DELAY_MS } from "./console-effects";

export const consoleMessages = {
  notAcked: deliveryErrors.notAcked,
  chatEnded: "The chat had ended, so this reply was not sent.",
  notConnected: "Not connected to the server. Wait until the console reconnects, then try again.",
} as const;

export class ConsoleSession {
  private readonly store: LiveStore<ConsoleState, ConsoleAction>;
  /** One per start: a session stopped and started again (React's development checks) reconnects. */
  private connection: ChatConnection<AgentFrame> | null = null;
  private readonly readFrame: (frame: unknown) => ConsoleAction | null;
  private readonly replies: ConsoleReplies;
  private readonly sync: ConsoleSync;
  private readonly effects: ConsoleEffects;
  private readonly drafts: ConsoleDrafts;
  private readonly firstLists: FirstLists;
  private stopSessionWatch: (() => void) | null = null;
  private checkingSession = false;

  constructor(
    me: AgentProfile,
    private readonly deps: ConsoleSessionDeps,
    options: { visible?: boolean; status?: AgentStatus } = {},
  ) {
    this.drafts = new ConsoleDrafts(deps.storage, () => this.state.me.id);
    const initial = initialConsoleState(me, {
      visible: options.visible ?? true,
      status: options.status,
      pending: this.drafts.loadOutbox(me.id),
    });
    this.drafts.started(initial);
    this.store = new LiveStore(consoleReducer, initial, (before, after) =>
      this.drafts.changed(before, after),
    );
    this.readFrame = frameReader(me.id);
    this.replies = new ConsoleReplies(
      {
        state: () => this.state,
        dispatch: (action) => this.dispatch(action),
        send: (frame) => this.send(frame),
      },
      deps,
    );
    this.sync = new ConsoleSync({
      api: deps.api,
      state: () => this.state,
      dispatch: (action) => this.dispatch(action),
      markReadSoon: (conversationId) => this.run({ kind: "mark-read-soon", conversationId }),
    });
    this.effects = new ConsoleEffects({
      env: deps.env,
      api: deps.api,
      sync: this.sync,
      replies: this.replies,
      state: () => this.state,
      dispatch: (action) => this.dispatch(action),
    });
    this.firstLists = new FirstLists(deps.env, () => this.run({ kind: "refresh" }));
  }

  // --- the store React reads -----------------------------------------------------------------

  getState = (): ConsoleState => this.store.getState();

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  /** New conversations and visitor messages as they arrive; returns the unsubscribe. */
  onAlert(listener: (alert: ConsoleAlert) => void): () => void {
    return this.effects.onAlert(listener);
  }

  private get state(): ConsoleState {
    return this.store.getState();
  }

  private dispatch(action: ConsoleAction) {
    this.store.dispatch(action);
  }

  private run(...effects: ConsoleEffect[]) {
    this.effects.run(effects);
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
    // The lists come when the socket opens, or over HTTP if it is slow to (first-lists.ts).
    this.firstLists.start();
    connection.start();
  }

  /** Stops (sign-out, leaving the console, an ended session). The outbox stays in storage. */
  stop(): void {
    this.stopSessionWatch?.();
    this.stopSessionWatch = null;
    this.firstLists.stop();
    this.replies.stop();
    this.effects.stop();
    const connection = this.connection;
    this.connection = null;
    connection?.stop();
  }

  /** An explicit sign-out: stops, and forgets this agent's unsent replies and drafts in the tab. */
  forget(): void {
    this.stop();
    this.drafts.forget();
  }

  /** Sends a frame on the open socket; false when there is none. */
  private send(frame: AgentFrame): boolean {
    return this.connection?.send(frame) ?? false;
  }

  /** The agent's own profile changed (a new display name), or their status (online or away). */
  setMe(agent: AgentProfile, status?: AgentStatus): void {
    this.dispatch({ type: "me", agent, status });
  }

  setVisible(visible: boolean): void {
    this.dispatch({ type: "visible", visible });
    const viewing = this.state.viewing;
    if (visible && viewing !== null) this.run({ kind: "mark-read-soon", conversationId: viewing });
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
    this.run({ kind: "load", conversationId, thenRead: unread > 0 });
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
    this.run({ kind: "load-summary", conversationId }, { kind: "counts-soon" });
  }

  /** Search results: kept up to date live like every other summary. */
  takeSummaries(list: ConversationSummary[]): void {
    this.dispatch({ type: "summaries", list });
  }

  /** An internal note or e-mail answer this agent added: shown before its push arrives. */
  addEntry(entry: AgentEntry): void {
    this.dispatch({ type: "entry", entry });
  }

  // --- replies -------------------------------------------------------------------------------

  /** Queues a typed reply; false when there is nothing to send or the chat has ended. */
  sendText(conversationId: number, text: string): boolean {
    return this.replies.sendText(conversationId, text);
  }

  sendImage(conversationId: number, url: string): boolean {
    return this.replies.sendImage(conversationId, url);
  }

  retry(clientId: string): void {
    this.replies.retry(clientId);
  }

  /** Ends a chat; false (with a notice) when the socket is not open and nothing was sent. */
  endChat(conversationId: number): boolean {
    if (!this.replies.isOpen(conversationId)) return false;
    const sent = this.send({ message_type: "chat_end", conversation_id: conversationId });
    if (!sent) this.dispatch({ type: "notice", message: consoleMessages.notConnected });
    return sent;
  }

  /** The agent is typing a reply (true) or stopped (false); the visitor sees an indicator. */
  setTyping(conversationId: number, active: boolean): void {
    this.replies.setTyping(conversationId, active);
  }

  draftOf(conversationId: number): string {
    return this.drafts.draftOf(conversationId);
  }

  saveDraft(conversationId: number, text: string): void {
    this.drafts.saveDraft(conversationId, text);
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
    const reopened = this.firstLists.opened();
    const viewing = this.state.viewing;
    if (viewing !== null) this.send({ message_type: "viewing", conversation_id: viewing });
    this.replies.resend();
    this.run({ kind: "refresh" });
    // Pushes missed while closed: the agent's own status (and profile) too, chosen elsewhere.
    if (reopened) void this.checkSession();
  }

  /** Works the frame out purely, takes the state it gives, then runs what it calls for. */
  private onFrame(frame: unknown) {
    const outcome = frameOutcome(this.state, frame, {
      read: this.readFrame,
      alerting: this.effects.alerting,
      chatEndedReason: consoleMessages.chatEnded,
    });
    this.store.commit(outcome.state);
    this.effects.run(outcome.effects);
  }

  private onClose(info: { opened: boolean; code: number }) {
    this.replies.socketClosed();
    this.sync.socketClosed();
    this.firstLists.now();
    if (mayMeanSessionLost(info)) void this.checkSession();
  }

  private async checkSession() {
    if (this.checkingSession || this.state.expired) return;
    this.checkingSession = true;
    const outcome = await this.deps.api.fetchMe().finally(() => (this.checkingSession = false));
    if (outcome.kind === "signed-out") this.expire();
    else if (outcome.kind === "signed-in") this.setMe(outcome.agent, outcome.status);
  }

  private expire() {
    if (this.state.expired) return;
    // Screens see `expired` and send the agent to sign in; the outbox stays in storage.
    this.dispatch({ type: "expired" });
    this.stop();
  }
}
