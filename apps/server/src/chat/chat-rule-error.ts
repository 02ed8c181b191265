import type { ChatErrorCode } from "@hourline/contracts/chat-server-frames";

/** Why a frame was refused by the chat's rules; the socket turns it into an error frame. */
export class ChatRuleError extends Error {
  constructor(
    readonly code: Extract<
      ChatErrorCode,
      "chat_ended" | "forbidden" | "bad_frame" | "too_large" | "conflict"
    >,
    message: string,
  ) {
    super(message);
    this.name = "ChatRuleError";
  }
}
