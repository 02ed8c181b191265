import { afterEach, describe, expect, it, vi } from "vitest";

const agent = { id: 1, name: "Asha", email: "asha@hourline.example", role: "agent" };
const signedIn = { status: 200, body: { status: 200, agent, agent_status: "away" } };
const nobody = {
  status: 401,
  body: { status: 401, error: { code: "unauthorized", message: "No." } },
};

/**
 * The console's API modules loaded afresh in a page whose document names `signedOut` (the early
 * script's `data-signed-out`), with a fetch answering each call with the next reply.
 */
async function startConsole(signedOut: string, ...replies: { status: number; body: unknown }[]) {
  vi.resetModules();
  const head: { rel: string; href: string }[] = [];
  vi.stubGlobal("document", {
    querySelector: () => ({ dataset: { signedOut } }),
    createElement: () => ({ rel: "", href: "" }),
    head: { append: (link: { rel: string; href: string }) => head.push(link) },
  });
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => {
    const reply = replies.shift();
    if (!reply) throw new Error("no more replies");
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal("fetch", fetch);
  const { fetchMe } = await import("./fetch-me");
  const { signIn } = await import("./sign-in");
  return { fetch, head, fetchMe, signIn };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the console's first question, asked at start-up", () => {
  it("is sent as the module loads, and the first fetchMe takes its answer; the next asks again", async () => {
    const { fetch, head, fetchMe } = await startConsole("/a.js", signedIn, nobody);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/agent/me");
    expect(await fetchMe()).toEqual({ kind: "signed-in", agent, status: "away" });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(head).toEqual([]);
    expect(await fetchMe()).toEqual({ kind: "signed-out" });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("fetches the sign-in page's modules when nobody is signed in", async () => {
    const { head, fetchMe } = await startConsole("/sign-in.js /forms.js", nobody);
    expect(await fetchMe()).toEqual({ kind: "signed-out" });
    expect(head).toEqual([
      { rel: "modulepreload", href: "/sign-in.js" },
      { rel: "modulepreload", href: "/forms.js" },
    ]);
  });

  it("is not taken after signing in, when the sign-in page did not take it", async () => {
    const { fetch, fetchMe, signIn } = await startConsole("", nobody, signedIn, signedIn);
    expect(await signIn("asha@hourline.example", "right password")).toEqual({
      kind: "signed-in",
      agent,
    });
    expect(await fetchMe()).toEqual({ kind: "signed-in", agent, status: "away" });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
