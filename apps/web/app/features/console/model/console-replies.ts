/**
 * This agent's replies and typing signals on the socket: each reply waits in the outbox (with its
 * client_id) until the server answers for it, and goes only to a chat that is still open.
 */
import type { AgentFrame } from "@hourline/contracts/chat-frames";
import { imageMessageHtml, textToLinkedMessageHtml } from "@hourline/contracts/chat-message";
import type { ConnectionEnv } from "~/lib/live-chat/chat-connection";
import { LiveOutbox } from "~/lib/live-chat/live-outbox";
import { TypingSignal } from "~/lib/live-chat/live-typing";
import type { ConsoleAction, ConsoleState } from "./console-state-shape";
import { pendingReplies, type PendingReply } from "./console-threads";

export interface ConsoleRepliesPort {
  state(): ConsoleState;
  dispatch(action: ConsoleAction): void;
  /** Sends a frame on the open socket; false when there is none. */
  send(frame: AgentFrame): boolean;
}

export class ConsoleReplies {
  private readonly outbox: LiveOutbox<PendingReply>;
  private readonly typing: TypingSignal<number>;

  constructor(
    private readonly port: ConsoleRepliesPort,
    deps: { env: ConnectionEnv; newClientId(): string },
  ) {
    this.outbox = new LiveOutbox<PendingReply>(
      {
        waiting: () => pendingReplies(port.state()),
        apply: (change) => port.dispatch(change),
        transmit: (pending) => port.send(this.replyFrame(pending)),
      },
      deps,
    );
    this.typing = new TypingSignal(deps.env, (conversationId, typing) =>
      port.send({ message_type: "typing", conversation_id: conversationId, typing }),
    );
  }

  /** Whether replies may go to the conversation: it is open and the session holds. */
  isOpen(conversationId: number): boolean {
    const state = this.port.state();
    return state.conversations[conversationId]?.state === "open" && !state.expired;
  }

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

  /** The agent is typing a reply (true) or stopped (false); the visitor sees an indicator. */
  setTyping(conversationId: number, active: boolean): void {
    this.typing.set(conversationId, active && this.isOpen(conversationId));
  }

  /** The socket opened: every reply still sending goes (again), with its client_id. */
  resend(): void {
    this.outbox.resend();
  }

  /** The server cannot store this reply now: it goes again by itself. */
  later(clientId: string): void {
    this.outbox.later(clientId);
  }

  /** The server answered for this reply (stored or refused): its ack timer stops. */
  answered(clientId: string): void {
    this.outbox.answered(clientId);
  }

  /** A chat ended: its unsent replies fail with `reason` and this agent's typing in it stops. */
  chatEnded(conversationId: number, reason: string): void {
    this.outbox.fail(reason, (pending) => pending.conversationId === conversationId);
    this.setTyping(conversationId, false);
  }

  /** The socket closed: no ack comes on it, and typing starts afresh on the next one. */
  socketClosed(): void {
    this.outbox.pause();
    this.typing.reset();
  }

  stop(): void {
    this.outbox.pause();
    this.typing.stop();
  }

  /**
   * A reply's frame. It carries the newest message this console holds in the thread (after_id),
   * so the server refuses it as a `conflict` when a colleague wrote since; the refusal shows on
   * the reply with Retry, and by then the colleague's message is in the thread, so Retry sends it
   * anyway. A thread never loaded here has shown nothing: no after_id.
   */
  private replyFrame(pending: PendingReply): AgentFrame {
    const thread = this.port.state().threads[pending.conversationId];
    return {
      message_type: "message",
      conversation_id: pending.conversationId,
      message: pending.html,
      msg_type: pending.msgType,
      client_id: pending.clientId,
      ...(thread?.loaded ? { after_id: thread.lastId } : {}),
    };
  }
}
