import { afterEach, describe, expect, it, vi } from "vitest";
import { postJson } from "~/lib/api-client";
import { takeEarlySessionRequest } from "../api/early-session-request";
import { me } from "../model/console-fixtures.test-support";
import { signInAction } from "./sign-in";

vi.mock(import("~/lib/api-client"), async (original) => ({
  ...(await original()),
  postJson: vi.fn(),
}));
vi.mock(import("../api/early-session-request"), async (original) => ({
  ...(await original()),
  takeEarlySessionRequest: vi.fn(),
}));

const submit = (body: unknown) =>
  new Request("http://console.test/console/sign-in", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const pair = { intent: "sign-in", email: "ana@example.com", password: "secret-pass" };

afterEach(() => vi.resetAllMocks());

describe("the sign-in route's action", () => {
  it("signs in with the pair sent and drops the start-up answer", async () => {
    vi.mocked(postJson).mockResolvedValue({
      ok: true,
      status: 200,
      data: { status: 200, agent: me },
    });
    expect(await signInAction(submit(pair))).toEqual({ ok: true, data: me });
    expect(postJson).toHaveBeenCalledWith(
      "/api/agent/login",
      { email: "ana@example.com", password: "secret-pass" },
      expect.anything(),
    );
    expect(takeEarlySessionRequest).toHaveBeenCalledOnce();
  });

  it("answers a wrong pair with the server's one message, about no field", async () => {
    vi.mocked(postJson).mockResolvedValue({
      ok: false,
      status: 401,
      error: { code: "invalid_credentials", message: "Wrong e-mail or password." },
    });
    expect(await signInAction(submit(pair))).toEqual({
      ok: false,
      status: 401,
      message: "Wrong e-mail or password.",
      fields: {},
    });
    expect(takeEarlySessionRequest).not.toHaveBeenCalled();
  });

  it("keeps the server's word for each field", async () => {
    vi.mocked(postJson).mockResolvedValue({
      ok: false,
      status: 400,
      error: {
        code: "validation_error",
        message: "Check the form.",
        fields: { email: "Enter a valid e-mail address." },
      },
    });
    expect(await signInAction(submit(pair))).toMatchObject({
      ok: false,
      status: 400,
      fields: { email: "Enter a valid e-mail address." },
    });
  });

  it("says how long to wait after too many attempts", async () => {
    vi.mocked(postJson).mockResolvedValue({
      ok: false,
      status: 429,
      error: { code: "rate_limited", message: "Too many requests." },
      retryAfterSeconds: 120,
    });
    expect(await signInAction(submit(pair))).toEqual({
      ok: false,
      status: 429,
      message: "Too many sign-in attempts. Please try again in 2 minutes.",
      fields: {},
    });
  });
});
