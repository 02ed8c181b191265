/**
 * Keeps a console's state in step with the server over HTTP, between the pushes of the agent
 * socket: the lists' first pages (open, ended, missed), their counts and the contact messages on
 * every open of the socket (or before the first one when it is slow, first-lists.ts), the history
 * of the conversation on screen (only what is newer than what is held), other histories from where
 * they stopped when they are opened, and a summary asked for again whenever this console has seen a
 * newer message than the summary names. Fetching marks nothing read.
 */
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { queueCursorOf, type ConversationView } from "@hourline/contracts/console-team";
import type { ConsoleApi } from "./console-api";
import type { ConsoleAction, ConsoleState } from "./console-state-shape";
import { isBehind } from "./conversation-summaries";

export interface ConsoleSyncPort {
  api: Pick<
    ConsoleApi,
    | "fetchConversations"
    | "fetchConversation"
    | "fetchMessages"
    | "fetchContacts"
    | "fetchCounts"
    | "fetchEntries"
  >;
  state(): ConsoleState;
  dispatch(action: ConsoleAction): void;
  /** Unread messages of the conversation on screen have been fetched: read them once shown. */
  markReadSoon(conversationId: number): void;
}

export class ConsoleSync {
  private readonly loading = new Map<number, Promise<void>>();
  /** Conversations whose summary is being fetched (loadSummary). */
  private readonly loadingSummary = new Set<number>();
  /**
   * Where a held history continues after the socket was closed: its newest message then. Pushes
   * after a reconnect move a thread's lastId on, so it no longer tells what was missed.
   */
  private readonly resumeFrom = new Map<number, number>();
  private readonly loadingMore = new Set<ConversationView>();
  /**
   * Where the open queue's next page starts: the place of the last one listed, as the server
   * listed it (its summary may have moved since). The open list is paged in the server's waiting
   * order, so the longest-waiting visitors are the ones held however many chats are open.
   */
  private queueCursor: string | null = null;
  /** Counts refreshes: only the newest one's answers are applied. */
  private refreshRun = 0;

  constructor(private readonly port: ConsoleSyncPort) {}

  private get state(): ConsoleState {
    return this.port.state();
  }

  private dispatch(action: ConsoleAction) {
    this.port.dispatch(action);
  }

  /** The socket closed: every history held continues from where it is now. */
  socketClosed(): void {
    for (const [id, thread] of Object.entries(this.state.threads)) {
      if (thread.loaded && !this.resumeFrom.has(Number(id))) {
        this.resumeFrom.set(Number(id), thread.lastId);
      }
    }
  }

  /**
   * Fetches one conversation's details and the messages not held yet: after `from` when given (the
   * newest held before a pushed message that skipped some), else after the newest held.
   */
  load(conversationId: number, from?: number): Promise<void> {
    const running = this.loading.get(conversationId);
    if (running) return running;
    const job = (async () => {
      const thread = this.state.threads[conversationId];
      const after =
        this.resumeFrom.get(conversationId) ?? from ?? (thread?.loaded ? thread.lastId : undefined);
      const [detail, messages, entries] = await Promise.all([
        this.port.api.fetchConversation(conversationId),
        this.port.api.fetchMessages(conversationId, after),
        this.port.api.fetchEntries(conversationId),
      ]);
      if (this.state.expired) return;
      if (detail.ok) this.dispatch({ type: "detail", detail: detail.data });
      if (entries.ok) this.dispatch({ type: "entries", conversationId, entries: entries.data });
      if (messages.ok) {
        if (this.resumeFrom.get(conversationId) === after) this.resumeFrom.delete(conversationId);
        this.dispatch({ type: "history", conversationId, messages: messages.data });
        // A message pushed while the history was on its way is dropped (the thread was not held
        // yet) and may be missing from the answer: the list's summary has it, so fetch the rest.
        const held = this.state.threads[conversationId]?.lastId ?? 0;
        const newest = this.state.conversations[conversationId]?.last_message?.id ?? 0;
        if (newest > held) {
          const rest = await this.port.api.fetchMessages(conversationId, held);
          if (rest.ok && !this.state.expired) {
            this.dispatch({ type: "history", conversationId, messages: rest.data });
          }
        }
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

  /**
   * Both lists, the contact messages, and whatever was missed in the conversations held. It runs on
   * every open of the socket (and before the first when that is slow), so two may be under way: an
   * older one's answers, made before the newer one's, are dropped.
   */
  async refresh() {
    const run = ++this.refreshRun;
    const { api } = this.port;
    const [open, ended, missed, contacts, counts] = await Promise.all([
      api.fetchConversations("open", { order: "waiting" }),
      api.fetchConversations("ended"),
      api.fetchConversations("missed"),
      api.fetchContacts(),
      api.fetchCounts(),
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
    if (open.ok) {
      this.queueCursor = queuePlace(open.data);
      this.dispatch({ type: "conversations", state: "open", list: open.data });
    }
    if (ended.ok) this.dispatch({ type: "conversations", state: "ended", list: ended.data });
    if (missed.ok) this.dispatch({ type: "conversations", state: "missed", list: missed.data });
    if (counts.ok) {
      const { status: _status, ...numbers } = counts.data;
      this.dispatch({ type: "counts", counts: numbers });
    }
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
        if (unread > 0) this.port.markReadSoon(viewing);
      });
    }
  }

  /** The next page of a view, from the last conversation of its last page. */
  async loadMore(view: ConversationView, oldestId: number): Promise<void> {
    if (this.loadingMore.has(view)) return;
    this.loadingMore.add(view);
    try {
      const queue = view === "open" ? this.queueCursor : null;
      const page = await this.port.api.fetchConversations(
        view,
        queue === null ? { before: oldestId } : { order: "waiting", cursor: queue },
      );
      if (!this.state.expired && page.ok) {
        if (queue !== null) this.queueCursor = queuePlace(page.data) ?? queue;
        this.dispatch({ type: "conversations", state: view, list: page.data, next: true });
      }
    } finally {
      this.loadingMore.delete(view);
    }
  }

  /** The views' counts again (after a conversation opened, ended, or was dealt with). */
  async loadCounts(): Promise<void> {
    const counts = await this.port.api.fetchCounts();
    if (this.state.expired || !counts.ok) return;
    const { status: _status, ...numbers } = counts.data;
    this.dispatch({ type: "counts", counts: numbers });
  }

  /**
   * One conversation's summary and details, without its messages (nobody is reading them yet).
   * Once at a time per conversation: every message pushed for one not known yet asks for it.
   */
  async loadSummary(conversationId: number) {
    if (this.loadingSummary.has(conversationId)) return;
    this.loadingSummary.add(conversationId);
    try {
      const detail = await this.port.api.fetchConversation(conversationId);
      if (!this.state.expired && detail.ok) this.dispatch({ type: "detail", detail: detail.data });
    } finally {
      this.loadingSummary.delete(conversationId);
    }
  }
}

/** The queue place after a page of the open list; null for an empty page. */
function queuePlace(page: ConversationSummary[]): string | null {
  const last = page.at(-1);
  return last ? queueCursorOf(last) : null;
}
