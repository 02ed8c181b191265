import { afterEach, describe, expect, it, vi } from "vitest";
import { setMyStatus } from "../api/hygiene";
import { signOut } from "../api/sign-out";
import { me } from "../model/console-fixtures.test-support";
import { teamAction } from "./team";

vi.mock("../api/hygiene", () => ({
  setMyStatus: vi.fn(),
  blockVisitor: vi.fn(),
  bulkAction: vi.fn(),
}));
vi.mock("../api/sign-out", () => ({ signOut: vi.fn() }));

const submit = (body: unknown) =>
  new Request("http://console.test/console/team", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

afterEach(() => vi.resetAllMocks());

describe("the team route's action: the agent's own place in the team", () => {
  it("sets the status chosen and answers the agent as the server holds them", async () => {
    const agent = { ...me, availability: "away" as const };
    vi.mocked(setMyStatus).mockResolvedValue({
      ok: true,
      status: 200,
      data: { status: 200, agent },
    });
    expect(await teamAction(submit({ intent: "status", status: "away" }))).toEqual({
      ok: true,
      data: { status: 200, agent },
    });
    expect(setMyStatus).toHaveBeenCalledExactlyOnceWith("away");
  });

  it("shows a refused status in the console's words", async () => {
    vi.mocked(setMyStatus).mockResolvedValue({
      ok: false,
      status: 0,
      error: { code: "network_error", message: "offline" },
    });
    expect(await teamAction(submit({ intent: "status", status: "online" }))).toEqual({
      ok: false,
      status: 0,
      message: "The server could not be reached. Check your connection and try again.",
      fields: {},
    });
  });

  it("signs out on the server", async () => {
    vi.mocked(signOut).mockResolvedValue({ ok: true, status: 200, data: { status: 200 } });
    expect(await teamAction(submit({ intent: "sign-out" }))).toEqual({
      ok: true,
      data: { status: 200 },
    });
    expect(signOut).toHaveBeenCalledOnce();
    expect(setMyStatus).not.toHaveBeenCalled();
  });
});
