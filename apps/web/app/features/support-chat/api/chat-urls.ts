/** Every address the visitor's chat calls, in one place. Same origin as the page. */

export const chatEndpoints = {
  checkEmail: "/api/support/check_chat_email",
  rating: "/api/support/rating",
  requestCode: "/api/support/otp_generate_chat",
  verifyCode: "/api/client/verify_otp",
  register: "/api/support/register",
  upload: "/api/support/upload",
  session: "/api/support/session",
  availability: "/api/support/availability",
} as const;

/** The open conversation's messages, optionally only those after a known id. */
export function messagesUrl(email: string, afterId?: number): string {
  const base = `/api/support/get_message/${encodeURIComponent(email)}/`;
  return afterId === undefined ? base : `${base}?after=${afterId}`;
}

export function conversationUrl(id: number): string {
  return `/api/support/conversations/${id}`;
}

/** The visitor's socket; the session cookie, not the e-mail in the path, authorizes it. */
export function socketUrl(email: string, location: Pick<Location, "protocol" | "host">): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/support/${encodeURIComponent(email)}/`;
}
