import { afterEach, describe, expect, it, vi } from "vitest";
import type { Failed } from "../api/console-client";
import { fetchMe } from "../api/fetch-me";
import { me } from "../model/console-fixtures.test-support";
import { adminOnly, readSubmission, toLoad, toOutcome } from "./screen-data";

vi.mock("../api/fetch-me", () => ({ fetchMe: vi.fn() }));

const failed = (status: number, fields?: Record<string, string>): Failed => ({
  ok: false,
  status,
  error: { code: "x", message: "The name is taken.", ...(fields ? { fields } : {}) },
});

afterEach(() => vi.mocked(fetchMe).mockReset());

describe("toLoad", () => {
  it("keeps the data of an answer", () => {
    expect(toLoad({ ok: true, status: 200, data: [1, 2] })).toEqual({
      kind: "loaded",
      data: [1, 2],
    });
  });

  it("turns a failure into the console's words for it", () => {
    expect(toLoad(failed(0))).toEqual({
      kind: "failed",
      message: "The server could not be reached. Check your connection and try again.",
    });
    expect(toLoad(failed(503))).toEqual({
      kind: "failed",
      message: "Something went wrong on the server. Please try again in a moment.",
    });
  });
});

describe("toOutcome", () => {
  it("maps a refusal's fields to each field's problem, and its words", () => {
    expect(toOutcome(failed(400, { email: "Taken." }))).toEqual({
      ok: false,
      status: 400,
      message: "The name is taken.",
      fields: { email: "Taken." },
    });
    expect(toOutcome(failed(500))).toMatchObject({ ok: false, fields: {} });
  });
});

describe("adminOnly", () => {
  it("does not ask the admin API for an agent", async () => {
    vi.mocked(fetchMe).mockResolvedValue({
      kind: "signed-in",
      agent: { ...me, role: "agent" },
      status: "online",
    });
    const fetch = vi.fn();
    expect(await adminOnly(fetch)).toEqual({ kind: "not-allowed" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("does not ask it for nobody signed in, and says why it could not ask", async () => {
    const fetch = vi.fn();
    vi.mocked(fetchMe).mockResolvedValue({ kind: "signed-out" });
    expect(await adminOnly(fetch)).toEqual({ kind: "not-allowed" });
    vi.mocked(fetchMe).mockResolvedValue({ kind: "failed", message: "Offline." });
    expect(await adminOnly(fetch)).toEqual({ kind: "failed", message: "Offline." });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("loads for an admin", async () => {
    vi.mocked(fetchMe).mockResolvedValue({
      kind: "signed-in",
      agent: { ...me, role: "admin" },
      status: "online",
    });
    const fetch = vi.fn().mockResolvedValue({ ok: true, status: 200, data: ["a"] });
    expect(await adminOnly(fetch)).toEqual({ kind: "loaded", data: ["a"] });
  });
});

describe("readSubmission", () => {
  it("reads a fetcher's JSON, and refuses a body without an intent", async () => {
    const post = (body: unknown) =>
      new Request("http://console.test/x", { method: "POST", body: JSON.stringify(body) });
    await expect(readSubmission(post({ intent: "save", id: 3 }))).resolves.toEqual({
      intent: "save",
      id: 3,
    });
    await expect(readSubmission(post({ id: 3 }))).rejects.toBeInstanceOf(Response);
  });
});
