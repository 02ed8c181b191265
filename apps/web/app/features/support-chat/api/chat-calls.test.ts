import { afterEach, describe, expect, it, vi } from "vitest";
import { checkChatEmail } from "./check-chat-email";
import { messagesUrl, socketUrl } from "./chat-urls";
import { fetchChatMessages } from "./fetch-chat-messages";
import { fetchConversationState } from "./fetch-conversation-state";
import { registerChatVisitor } from "./register-chat-visitor";
import { requestChatCode } from "./request-chat-code";
import { codeMessages, verifyChatCode } from "./verify-chat-code";
import { checkImageFile, uploadMessages } from "~/lib/live-chat/image-upload";
import { sharedWords } from "../i18n/shared-words";
import { uploadChatImage } from "./upload-chat-image";

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));
}
const error = (status: number, code: string, message = "x", fields?: Record<string, string>) =>
  answer(status, { status, error: { code, message, ...(fields ? { fields } : {}) } });

afterEach(() => vi.unstubAllGlobals());

describe("chat addresses", () => {
  it("encodes the e-mail in paths and picks ws or wss from the page", () => {
    expect(messagesUrl("a+b@c.example")).toBe("/api/support/get_message/a%2Bb%40c.example/");
    expect(messagesUrl("a@c.example", 12)).toBe("/api/support/get_message/a%40c.example/?after=12");
    expect(socketUrl("a@c.example", { protocol: "https:", host: "hourline.example" })).toBe(
      "wss://hourline.example/ws/support/a%40c.example/",
    );
    expect(socketUrl("a@c.example", { protocol: "http:", host: "127.0.0.1:3300" })).toBe(
      "ws://127.0.0.1:3300/ws/support/a%40c.example/",
    );
  });
});

describe("e-mail proof", () => {
  it("reads is_verify", async () => {
    vi.stubGlobal("fetch", answer(200, { status: 200, is_verify: true }));
    expect(await checkChatEmail("a@c.example")).toEqual({ kind: "verified" });
    vi.stubGlobal("fetch", answer(200, { status: 200, is_verify: false }));
    expect(await checkChatEmail("a@c.example")).toEqual({ kind: "unverified" });
    vi.stubGlobal("fetch", answer(200, { status: 200 }));
    expect((await checkChatEmail("a@c.example")).kind).toBe("failed");
  });

  it("tells how long the resend cooldown lasts", async () => {
    vi.stubGlobal("fetch", answer(200, { status: 200 }));
    expect(await requestChatCode("a@c.example")).toEqual({ kind: "sent" });
    vi.stubGlobal(
      "fetch",
      answer(
        429,
        { status: 429, error: { code: "rate_limited", message: "Wait." } },
        { "retry-after": "42" },
      ),
    );
    expect(await requestChatCode("a@c.example")).toEqual({ kind: "cooldown", seconds: 42 });
    vi.stubGlobal(
      "fetch",
      error(400, "validation_failed", "Check", { email: "Invalid email format" }),
    );
    expect(await requestChatCode("a@c")).toEqual({
      kind: "invalid",
      message: "Invalid email format",
    });
  });

  it("names each way a code can fail", async () => {
    vi.stubGlobal("fetch", answer(200, { status: 200 }));
    expect(await verifyChatCode("a@c.example", "123456")).toEqual({ kind: "verified" });
    const left = "That code is not right. You have 4 tries left.";
    vi.stubGlobal("fetch", error(400, "otp_invalid", left, { otp: left }));
    expect(await verifyChatCode("a@c.example", "000000")).toEqual({ kind: "wrong", message: left });
    vi.stubGlobal("fetch", error(400, "otp_expired"));
    expect(await verifyChatCode("a@c.example", "000000")).toEqual({
      kind: "needs_new_code",
      message: codeMessages.expired,
    });
    vi.stubGlobal("fetch", error(400, "otp_locked"));
    expect(await verifyChatCode("a@c.example", "000000")).toEqual({
      kind: "needs_new_code",
      message: codeMessages.locked,
    });
    vi.stubGlobal(
      "fetch",
      answer(
        429,
        { status: 429, error: { code: "rate_limited", message: "Wait." } },
        { "retry-after": "90" },
      ),
    );
    expect(await verifyChatCode("a@c.example", "000000")).toEqual({
      kind: "rate_limited",
      seconds: 90,
    });
  });
});

describe("register and history", () => {
  const user = {
    id: 1,
    username: "Meera",
    email: "a@c.example",
    conversation_id: 7,
    agents_online: false,
  };

  it("opens the conversation, or says the e-mail must be proved again", async () => {
    const fetch = answer(200, user);
    vi.stubGlobal("fetch", fetch);
    expect(
      await registerChatVisitor({ username: "Meera", email: "a@c.example", transcript: true }),
    ).toEqual({
      kind: "registered",
      user,
    });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      username: "Meera",
      email: "a@c.example",
      transcript: true,
    });
    for (const status of [401, 403]) {
      vi.stubGlobal("fetch", error(status, status === 401 ? "unauthorized" : "forbidden"));
      expect(await registerChatVisitor({ username: "M", email: "a@c.example" })).toEqual({
        kind: "unverified",
      });
    }
  });

  it("parses history and the conversation's state", async () => {
    const message = {
      id: 1,
      client_id: null,
      conversation_id: 7,
      sender: "x@h.example",
      receiver: "a@c.example",
      message: "Hi",
      msg_type: "text",
      sender_username: "Asha",
      sender_type: "agent",
      created_at: 1,
    };
    vi.stubGlobal("fetch", answer(200, [message]));
    expect(await fetchChatMessages("a@c.example", 0)).toEqual({
      kind: "messages",
      messages: [message],
    });
    vi.stubGlobal("fetch", answer(200, [{ ...message, id: "1" }]));
    expect(await fetchChatMessages("a@c.example")).toEqual({ kind: "failed" });
    vi.stubGlobal("fetch", error(401, "unauthorized"));
    expect(await fetchChatMessages("a@c.example")).toEqual({ kind: "unauthorized" });
    vi.stubGlobal(
      "fetch",
      answer(200, {
        status: 200,
        id: 7,
        state: "ended",
        started_at: 1,
        ended_at: 5,
        ended_by: "agent",
        agents_online: true,
      }),
    );
    expect(await fetchConversationState(7)).toEqual({
      kind: "state",
      conversation: { id: 7, state: "ended", ended_at: 5, ended_by: "agent", agents_online: true },
    });
  });
});

describe("image upload", () => {
  const png = (size: number) => new File([new Uint8Array(size)], "a.png", { type: "image/png" });

  it("refuses before uploading what the server would refuse", async () => {
    const fetch = answer(200, { status: 200, url: "/api/support/uploads/x.png" });
    vi.stubGlobal("fetch", fetch);
    expect(checkImageFile({ size: 26 * 1024 * 1024, type: "image/png" })).toBe(
      "This image is 26.0 MB. Please choose one of up to 25 MB.",
    );
    expect(checkImageFile({ size: 10, type: "image/svg+xml" })).toBe(uploadMessages.wrongType);
    expect(checkImageFile({ size: 25 * 1024 * 1024, type: "image/webp" })).toBeUndefined();
    // The widget says it in its own words (English here, the list written by Intl.ListFormat).
    expect(await uploadChatImage(new File(["<svg/>"], "a.svg", { type: "image/svg+xml" }))).toEqual(
      {
        kind: "refused",
        message: "Only PNG, JPEG, GIF, or WebP images can be sent.",
      },
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends one part named file and maps the server's refusals", async () => {
    const fetch = answer(200, { status: 200, url: "/api/support/uploads/x.png" });
    vi.stubGlobal("fetch", fetch);
    expect(await uploadChatImage(png(10))).toEqual({
      kind: "uploaded",
      url: "/api/support/uploads/x.png",
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/support/upload");
    expect((init.body as FormData).get("file")).toBeInstanceOf(File);
    vi.stubGlobal("fetch", error(413, "too_large"));
    const words = sharedWords().upload;
    expect(await uploadChatImage(png(10))).toEqual({
      kind: "refused",
      message: words.tooLargeServer,
    });
    vi.stubGlobal("fetch", error(415, "unsupported_media_type"));
    expect(await uploadChatImage(png(10))).toEqual({
      kind: "refused",
      message: words.wrongType,
    });
    vi.stubGlobal("fetch", error(400, "bad_request"));
    expect(await uploadChatImage(png(10))).toEqual({
      kind: "refused",
      message: words.unreadable,
    });
  });
});
