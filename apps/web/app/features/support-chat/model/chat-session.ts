/**
 * One running conversation: the connection, the state the panel renders, and the rules that make
 * a refresh unnecessary. Every typed message gets a client_id at once and waits in the outbox
 * (persisted for reloads) until the server acknowledges it; after every (re)connect the outbox is
 * sent again with the same ids, and the messages and conversation state missed meanwhile are
 * fetched. The store, the outbox and the typing signals are lib/live-chat's, the same as the
 * console's; this file holds what is the widget's own (one conversation, its endings, the check
 * that the visitor's session still holds). React reads the store with useSyncExternalStore.
 */
import type { VisitorFrame } from "@hourline/contracts/chat-frames";
import { imageMessageHtml, textToMessageHtml } from "@hourline/contracts/chat-message";
import type { CheckEmailOutcome } from "../api/check-chat-email";
import type { FetchMessagesOutcome } from "../api/fetch-chat-messages";
import type { FetchStateOutcome } from "../api/fetch-conversation-state";
import {
  ChatConnection,
  mayMeanSessionLost,
  type ConnectionEnv,
  type ConnectionStatus,
} from "~/lib/live-chat/chat-connection";
import { toMillis } from "~/lib/live-chat/clock-time";
import { isCatchUp, missedBefore, refusedForNow } from "~/lib/live-chat/frame-table";
import { LiveOutbox } from "~/lib/live-chat/live-outbox";
import { LiveStore } from "~/lib/live-chat/live-store";
import { TypingFade, TypingSignal } from "~/lib/live-chat/live-typing";
import {
  chatReducer,
  initialChatState,
  pendingMessages,
  type ChatAction,
  type ChatState,
  type PendingMessage,
} from "./chat-state";
import { loadOutbox, saveActiveChat, saveOutbox, savePendingRating } from "./chat-storage";
import { frameToAction, isChatEndedRefusal } from "./frame-actions";
import { t } from "../i18n/chat-language";

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

/** Why a visitor's message failed, in the widget's active language. */
export const sessionMessages = {
  get notAcked() {
    return t("notAcked");
  },
  get chatEnded() {
    return t("chatEndedUnsent");
  },
};

export class ChatSession {
  private readonly store: LiveStore<ChatState, ChatAction>;
  private readonly connection: ChatConnection<VisitorFrame>;
  private readonly outbox: LiveOutbox<PendingMessage>;
  private readonly typing: TypingSignal<number>;
  private readonly agentTyping: TypingFade<"agent">;
  private resyncRun = 0;
  /** Presence frames heard so far: a fetched answer older than the last one must not undo it. */
  private presenceHeard = 0;
  private checkingSession = false;
  /** The visitor ended the chat while offline: send chat_end once connected, then stop. */
  private endPending = false;

  constructor(
    readonly identity: ChatIdentity,
    private readonly deps: ChatSessionDeps,
    private readonly events: ChatSessionEvents = {},
    options: { agentsOnline?: boolean; visible?: boolean } = {},
  ) {
    const initial = initialChatState({
      agentsOnline: options.agentsOnline ?? null,
      visible: options.visible ?? true,
      pending: loadOutbox(deps.storage, identity.email),
      senderName: identity.username,
    });
    this.store = new LiveStore(chatReducer, initial, (before, after) => {
      if (after.messages !== before.messages) this.persistOutbox(after);
      if (after.unread !== before.unread) this.events.onUnread?.(after.unread);
    });
    this.connection = new ChatConnection<VisitorFrame>(
      deps.socketUrl,
      deps.env,
      {
        onStatus: (status) => this.dispatch({ type: "connection", status }),
        onOpen: () => this.onOpen(),
        onFrame: (frame) => this.onFrame(frame),
        onClose: (info) => this.onClose(info),
      },
      // The server greets every visitor connection with a presence frame: a socket that opens
      // but stays silent sits behind a proxy holding frames back, and the fallback takes over.
      { firstFrameMs: 8000 },
    );
    this.outbox = new LiveOutbox<PendingMessage>(
      {
        waiting: () => pendingMessages(this.state),
        apply: (change) =>
          this.dispatch(
            change.type === "queued" ? { ...change, senderName: identity.username } : change,
          ),
        transmit: (pending) =>
          this.connection.send({
            sender: identity.email,
            receiver: "null",
            message: pending.html,
            msg_type: pending.msgType,
            client_id: pending.clientId,
          }),
      },
      { ...deps, notAcked: () => sessionMessages.notAcked },
    );
    this.typing = new TypingSignal(deps.env, (_conversation, typing) =>
      this.connection.send({ message_type: "typing", typing }),
    );
    this.agentTyping = new TypingFade(deps.env);
  }

  // --- the store React reads -----------------------------------------------------------------

  getState = (): ChatState => this.store.getState();

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  private get state(): ChatState {
    return this.store.getState();
  }

  private dispatch(action: ChatAction) {
    this.store.dispatch(action);
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
    this.outbox.add({ msgType: "text", html: textToMessageHtml(trimmed) });
    this.setTyping(false);
    return true;
  }

  sendImage(url: string): void {
    if (this.state.ended) return;
    this.outbox.add({ msgType: "image", html: imageMessageHtml(url) });
  }

  retry(clientId: string): void {
    if (!this.state.ended) this.outbox.retry(clientId);
  }

  /** The visitor is typing (true) or stopped (false); the agent sees an indicator. */
  setTyping(active: boolean): void {
    this.typing.set(this.identity.conversationId, active);
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
    if (this.sendEnd()) {
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

  private sendEnd(): boolean {
    return this.connection.send({
      message_type: "chat_end",
      target_email: this.identity.email,
      user_type: "user",
    });
  }

  // --- the connection's events -----------------------------------------------------------------

  private onOpen() {
    if (this.endPending) {
      this.endPending = false;
      this.sendEnd();
      this.close();
      return;
    }
    // Where the missed messages start: decided before anything new can arrive on this socket.
    const after = this.state.historyLoaded ? (this.state.lastSeenId ?? undefined) : undefined;
    this.outbox.resend();
    void this.resync(after);
  }

  private onFrame(frame: unknown) {
    const lastSeen = this.state.historyLoaded ? this.state.lastSeenId : null;
    if (isCatchUp(frame) || (lastSeen !== null && missedBefore(frame, lastSeen))) {
      // Messages were committed that this tab never got pushed: fetch them by id.
      void this.resync(lastSeen ?? undefined);
    }
    // Refused for now (the server cannot store messages this moment): it goes again by itself.
    const later = refusedForNow(frame);
    if (later !== undefined) {
      this.outbox.later(later);
      return;
    }
    const action = frameToAction(frame);
    if (!action) return;
    if (action.type === "acked" || action.type === "failed") this.outbox.answered(action.clientId);
    if (action.type === "presence") this.presenceHeard += 1;
    this.dispatch(action);
    if (action.type === "typing") {
      this.agentTyping.heard("agent", action.typing, () =>
        this.dispatch({ type: "typing", typing: false }),
      );
    }
    if (action.type === "ended") this.onEnded();
    if (isChatEndedRefusal(frame)) void this.resync(undefined, true);
  }

  private onClose(info: { opened: boolean; code: number }) {
    this.outbox.pause();
    this.typing.reset();
    if (this.state.agentTyping) this.dispatch({ type: "typing", typing: false });
    if (mayMeanSessionLost(info)) void this.checkSession();
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
    const heard = this.presenceHeard;
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
    // The pushed frame is newer than an answer read before it came (an agent connected meanwhile).
    if (
      conversation.kind === "state" &&
      conversation.conversation.agents_online !== undefined &&
      heard === this.presenceHeard
    ) {
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

  private persistOutbox(state: ChatState) {
    if (state.ended) return;
    saveOutbox(this.deps.storage, this.identity.email, pendingMessages(state));
  }

  // --- endings ---------------------------------------------------------------------------------

  private onEnded() {
    this.outbox.fail(sessionMessages.chatEnded);
    this.forget();
    // Not rated yet: "How did we do?" comes back after a reload until rated or dismissed.
    const { ended } = this.state;
    if (ended?.ratingToken) {
      savePendingRating(this.deps.storage, {
        token: ended.ratingToken,
        endedAt: ended.at,
        endedBy: ended.by,
      });
    }
    this.close();
  }

  /** Nothing of this chat should come back after a reload. */
  private forget() {
    saveActiveChat(this.deps.storage, null);
    saveOutbox(this.deps.storage, this.identity.email, []);
  }

  private close() {
    this.outbox.pause();
    this.typing.stop();
    this.agentTyping.stop();
    this.connection.stop();
  }
}

export type { ConnectionStatus };
