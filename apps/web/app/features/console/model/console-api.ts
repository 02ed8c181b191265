/**
 * What a console session needs from the outside: the agent API it calls over HTTP and the browser
 * it runs in. Owned here, so the session and its HTTP sync both depend on it and not on each other.
 */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ContactMessageSummary, ConversationSummary } from "@hourline/contracts/console-inbox";
import type { ConversationDetailAnswer } from "@hourline/contracts/console";
import type {
  AgentEntry,
  ConversationCounts,
  ConversationView,
} from "@hourline/contracts/console-team";
import type { ApiResult } from "~/lib/api-client";
import type { ConnectionEnv } from "~/lib/live-chat/chat-connection";
import type { StorageLike } from "~/lib/live-chat/stored-json";
import type { ConversationPage } from "../api/console-urls";
import type { MeOutcome } from "../api/fetch-me";

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
