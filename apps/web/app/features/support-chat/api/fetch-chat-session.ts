/**
 * GET /api/support/session: who this browser's chat session proves, after a mail's link
 * (GET /chat/resume) signed it in, so the widget picks the conversation up without its form.
 */
import { chatSessionAnswerSchema } from "@hourline/contracts/chat-api";
import { getJson } from "~/lib/api-client";
import { chatEndpoints } from "./chat-urls";

export async function fetchChatSession(): Promise<{ email: string; username: string } | null> {
  const result = await getJson(chatEndpoints.session, chatSessionAnswerSchema);
  return result.ok ? { email: result.data.email, username: result.data.username } : null;
}
