import { meEndpoint } from "./early-session-request";

/**
 * Which page of a list: newest activity first continuing `before` a conversation, or (the open
 * list) the server's waiting order continuing after `cursor` (queueCursorOf the last listed).
 */
export interface ConversationPage {
  before?: number | undefined;
  q?: string | undefined;
  order?: "waiting" | undefined;
  cursor?: string | undefined;
}

/** Every address the console calls: the agent API under /api/agent and the agent socket. */
export const consoleEndpoints = {
  login: "/api/agent/login",
  logout: "/api/agent/logout",
  me: meEndpoint,
  mePassword: "/api/agent/me/password",
  conversations: (view: string, page: ConversationPage = {}) => {
    const params = new URLSearchParams({ state: view });
    if (page.order) params.set("order", page.order);
    if (page.cursor !== undefined) params.set("cursor", page.cursor);
    if (page.before !== undefined) params.set("before", String(page.before));
    if (page.q) params.set("q", page.q);
    return `/api/agent/conversations?${params.toString()}`;
  },
  conversationCounts: "/api/agent/conversations/counts",
  team: "/api/agent/team",
  entries: (id: number) => `/api/agent/conversations/${id}/entries`,
  notes: (id: number) => `/api/agent/conversations/${id}/notes`,
  emailAnswer: (id: number) => `/api/agent/conversations/${id}/email-answer`,
  handled: (id: number) => `/api/agent/conversations/${id}/handled`,
  assign: (id: number) => `/api/agent/conversations/${id}/assign`,
  reopen: (id: number) => `/api/agent/conversations/${id}/reopen`,
  conversation: (id: number) => `/api/agent/conversations/${id}`,
  messages: (id: number, after?: number) =>
    `/api/agent/conversations/${id}/messages${after ? `?after=${after}` : ""}`,
  read: (id: number) => `/api/agent/conversations/${id}/read`,
  upload: (id: number) => `/api/agent/conversations/${id}/upload`,
  contactMessages: (query: { q?: string; filter?: string } = {}) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.filter && query.filter !== "all") params.set("filter", query.filter);
    const search = params.toString();
    return `/api/agent/contact-messages${search ? `?${search}` : ""}`;
  },
  contactMessage: (id: number) => `/api/agent/contact-messages/${id}`,
  cannedReplies: "/api/agent/canned-replies",
  cannedReply: (id: number) => `/api/agent/canned-replies/${id}`,
  agents: "/api/agent/agents",
  agent: (id: number) => `/api/agent/agents/${id}`,
  agentPassword: (id: number) => `/api/agent/agents/${id}/password`,
  visitor: (email: string) => `/api/agent/visitors/${encodeURIComponent(email)}`,
  visitorExport: (email: string) => `/api/agent/visitors/${encodeURIComponent(email)}/export`,
  auditLog: "/api/agent/audit-log",
  operations: "/api/agent/operations",
  reports: (query: { from: string; to: string; tz: string; format?: "csv" }) =>
    `/api/agent/reports?${new URLSearchParams(query).toString()}`,
  businessHours: "/api/agent/settings/business-hours",
} as const;

/** The agent socket on this page's own origin (ws: or wss: to match http: or https:). */
export function agentSocketUrl(location: Pick<Location, "protocol" | "host">): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/agent/`;
}
