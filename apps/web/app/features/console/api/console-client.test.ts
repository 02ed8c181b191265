import { afterEach, describe, expect, it, vi } from "vitest";
import { summary, visitorMessage } from "../model/console-fixtures.test-support";
import { deleteCannedReply, saveCannedReply } from "./canned-replies";
import { consoleApi, failureMessage, onSessionLost, type Failed } from "./console-client";
import { agentSocketUrl, consoleEndpoints } from "./console-urls";
import { fetchConversationMessages } from "./fetch-conversation-messages";
import { fetchConversations } from "./fetch-conversations";
import { fetchMe } from "./fetch-me";
import { markConversationRead } from "./mark-conversation-read";
import { signIn } from "./sign-in";
import { updateContactMessage } from "./update-contact-message";
import { uploadReplyImage } from "./upload-reply-image";

type Reply = { status: number; body: unknown };

/** A fetch that answers each call with the next reply, and records what was asked. */
function serve(...replies: Reply[]) {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => {
    const reply = replies.shift();
    if (!reply) throw new Error("no more replies");
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const refused = (status: number, code = "unauthorized"): Reply => ({
  status,
  body: { status, error: { code, message: `Refused with ${status}.` } },
});

function listenForLostSession() {
  const lost = vi.fn();
  const stop = onSessionLost(lost);
  stops.push(stop);
  return lost;
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
});

describe("the console's calls", () => {
  it("report a 401 of any method as a lost session", async () => {
    const lost = listenForLostSession();
    serve(refused(401), refused(401), refused(401), refused(401), refused(401));
    expect(await fetchConversations("open")).toMatchObject({ ok: false, status: 401 });
    expect(await markConversationRead(7, 3)).toMatchObject({ ok: false, status: 401 });
    expect(await updateContactMessage(4, { read: true })).toMatchObject({ ok: false });
    expect(await saveCannedReply({ title: "t", body: "b" })).toMatchObject({ ok: false });
    expect(await deleteCannedReply(2)).toMatchObject({ ok: false });
    expect(lost).toHaveBeenCalledTimes(5);
  });

  it("report nothing for other failures, nor after the listener is gone", async () => {
    const lost = vi.fn();
    const stop = onSessionLost(lost);
    serve(
      refused(403, "forbidden"),
      refused(500, "internal"),
      { status: 200, body: [] },
      refused(401),
    );
    await fetchConversations("open");
    await fetchConversations("open");
    expect(await fetchConversations("ended")).toEqual({ ok: true, status: 200, data: [] });
    expect(lost).not.toHaveBeenCalled();
    stop();
    await fetchConversations("open");
    expect(lost).not.toHaveBeenCalled();
  });

  it("report a refused upload for want of a session too", async () => {
    const lost = listenForLostSession();
    serve(refused(401), refused(409, "conflict"));
    const file = new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
    expect(await uploadReplyImage(7, file)).toEqual({
      kind: "refused",
      message: "Your session has ended. Please sign in again.",
    });
    expect(await uploadReplyImage(7, file)).toEqual({
      kind: "refused",
      message: "This chat has ended, so no more images can be sent.",
    });
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it("upload an image through the console's client, like every other call", async () => {
    const postForm = vi.spyOn(consoleApi, "postForm");
    serve({ status: 200, body: { status: 200, url: "/api/support/uploads/a.png" } });
    const file = new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
    expect(await uploadReplyImage(7, file)).toEqual({
      kind: "uploaded",
      url: "/api/support/uploads/a.png",
    });
    expect(postForm).toHaveBeenCalledTimes(1);
    expect(postForm.mock.calls[0]?.[0]).toBe(consoleEndpoints.upload(7));
    postForm.mockRestore();
  });

  it("treat a 401 from /me or from signing in as an answer, not a lost session", async () => {
    const lost = listenForLostSession();
    const agent = { id: 1, name: "Asha", email: "asha@hourline.example", role: "agent" };
    serve(
      { status: 200, body: { status: 200, agent, agent_status: "online" } },
      refused(401),
      refused(401),
    );
    expect(await fetchMe()).toEqual({ kind: "signed-in", agent, status: "online" });
    expect(await fetchMe()).toEqual({ kind: "signed-out" });
    // A wrong pair: the server's one generic message, not "your session has ended"; the status
    // comes along so the sign-in action can tell a wrong pair from too many attempts.
    expect(await signIn("asha@hourline.example", "wrong password")).toEqual({
      kind: "refused",
      status: 401,
      message: "Refused with 401.",
    });
    expect(lost).not.toHaveBeenCalled();
  });

  it("follow the message pages until a short one", async () => {
    const page = Array.from({ length: 1000 }, (_, i) => visitorMessage(i + 1));
    const fetch = serve({ status: 200, body: page }, { status: 200, body: [visitorMessage(1001)] });
    const result = await fetchConversationMessages(7, 0);
    expect(result.ok && result.data.map((m) => m.id)).toEqual([...page.map((m) => m.id), 1001]);
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      "/api/agent/conversations/7/messages",
      "/api/agent/conversations/7/messages?after=1000",
    ]);
    serve(refused(500, "internal"));
    expect(await fetchConversationMessages(7, 3)).toMatchObject({ ok: false, status: 500 });
  });

  it("reads a list and refuses an answer that breaks the contract", async () => {
    serve({ status: 200, body: [summary(7)] }, { status: 200, body: [{ id: 7 }] });
    expect(await fetchConversations("open")).toEqual({ ok: true, status: 200, data: [summary(7)] });
    expect(await fetchConversations("open")).toMatchObject({
      ok: false,
      status: 200,
      error: { code: "unexpected_answer" },
    });
  });
});

describe("failureMessage", () => {
  const failed = (status: number): Failed => ({
    ok: false,
    status,
    error: { code: "x", message: "The server's own words." },
  });

  it("words a failure so an agent can act on it", () => {
    expect(failureMessage(failed(0))).toBe(
      "The server could not be reached. Check your connection and try again.",
    );
    expect(failureMessage(failed(401))).toBe("Your session has ended. Please sign in again.");
    expect(failureMessage(failed(503))).toBe(
      "Something went wrong on the server. Please try again in a moment.",
    );
    expect(failureMessage(failed(400))).toBe("The server's own words.");
  });
});

describe("console addresses", () => {
  it("name every endpoint and the socket on this page's origin", () => {
    expect(consoleEndpoints.messages(7)).toBe("/api/agent/conversations/7/messages");
    expect(consoleEndpoints.messages(7, 12)).toBe("/api/agent/conversations/7/messages?after=12");
    expect(consoleEndpoints.contactMessages({ q: "leave & pay", filter: "unread" })).toBe(
      "/api/agent/contact-messages?q=leave+%26+pay&filter=unread",
    );
    expect(consoleEndpoints.contactMessages({ filter: "all" })).toBe("/api/agent/contact-messages");
    expect(agentSocketUrl({ protocol: "https:", host: "hourline.example" })).toBe(
      "wss://hourline.example/ws/agent/",
    );
    expect(agentSocketUrl({ protocol: "http:", host: "127.0.0.1:3000" })).toBe(
      "ws://127.0.0.1:3000/ws/agent/",
    );
  });
});
