/**
 * What each frame a client sends on a chat socket does, once the socket has parsed it with the
 * contract's schema: a message is stored (the answer is its ack), typing is passed on, and an end
 * ends the chat. A refusal is a ChatRuleError, which the socket sends back as an error frame.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { AgentFrame, VisitorFrame } from "@hourline/contracts/chat-frames";
import type { AckFrame } from "@hourline/contracts/chat-server-frames";
import { normalizeEmail } from "@hourline/contracts/email-address";
import { ChatRuleError } from "./chat-rule-error";
import type { ConversationRules } from "./conversation-rules";

/** The visitor's chat session the socket was opened with. */
export interface SocketVisitor {
  /** The chat session's id. */
  id: number;
  email: string;
}

export class ClientFrames {
  constructor(
    private readonly rules: ConversationRules,
    /** Ends a visitor's chat session, closing its sockets on every instance. */
    private readonly endVisitorSession: (sessionId: number) => Promise<void>,
  ) {}

  async fromVisitor(visitor: SocketVisitor, frame: VisitorFrame): Promise<AckFrame | undefined> {
    if (frame.message_type === "chat_end") {
      if (
        frame.target_email !== undefined &&
        normalizeEmail(frame.target_email) !== visitor.email
      ) {
        throw new ChatRuleError("forbidden", "You can only end your own chat.");
      }
      const ended = await this.rules.endByVisitor(visitor.email);
      if (!ended) throw new ChatRuleError("chat_ended", "This chat has already ended.");
      // Ending the chat ends this browser's chat session too: on a shared computer the next
      // person must prove their own address.
      await this.endVisitorSession(visitor.id);
      return undefined;
    }
    if (frame.message_type === "typing") {
      await this.rules.visitorTyping(visitor.email, frame.typing);
      return undefined;
    }
    return this.rules.postFromVisitor(visitor.email, {
      html: frame.message,
      msgType: frame.msg_type,
      clientId: frame.client_id,
    });
  }

  async fromAgent(agent: AgentProfile, frame: AgentFrame): Promise<AckFrame | undefined> {
    if (frame.message_type === "chat_end") {
      await this.rules.endByAgent(agent, frame.conversation_id);
      return undefined;
    }
    if (frame.message_type === "viewing") {
      await this.rules.agentViewing(agent, frame.conversation_id);
      return undefined;
    }
    if (frame.message_type === "typing") {
      await this.rules.agentTyping(agent, frame.conversation_id, frame.typing);
      return undefined;
    }
    return this.rules.postFromAgent(agent, {
      conversationId: frame.conversation_id,
      html: frame.message,
      msgType: frame.msg_type,
      clientId: frame.client_id,
      afterId: frame.after_id,
    });
  }
}
