import { afterEach, describe, expect, it, vi } from "vitest";
import { createAgent, fetchAgents, updateAgent } from "../api/agents";
import { fetchMe } from "../api/fetch-me";
import { me } from "../model/console-fixtures.test-support";
import { agentsAction, loadAgents } from "./agents";

vi.mock("../api/fetch-me", () => ({ fetchMe: vi.fn() }));
vi.mock("../api/agents", () => ({
  fetchAgents: vi.fn(),
  createAgent: vi.fn(),
  updateAgent: vi.fn(),
  resetAgentPassword: vi.fn(),
}));

const submit = (body: unknown) =>
  new Request("http://console.test/console/agents", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

afterEach(() => vi.resetAllMocks());

describe("the Agents screen's loader", () => {
  it("does not request the team's accounts for an agent", async () => {
    vi.mocked(fetchMe).mockResolvedValue({
      kind: "signed-in",
      agent: { ...me, role: "agent" },
      status: "online",
    });
    expect(await loadAgents()).toEqual({ kind: "not-allowed" });
    expect(fetchAgents).not.toHaveBeenCalled();
  });

  it("shows a failed answer in the console's words", async () => {
    vi.mocked(fetchMe).mockResolvedValue({
      kind: "signed-in",
      agent: { ...me, role: "admin" },
      status: "online",
    });
    vi.mocked(fetchAgents).mockResolvedValue({
      ok: false,
      status: 502,
      error: { code: "bad_gateway", message: "Bad gateway" },
    });
    expect(await loadAgents()).toEqual({
      kind: "failed",
      message: "Something went wrong on the server. Please try again in a moment.",
    });
  });
});

describe("the Agents screen's action", () => {
  it("maps the server's refusal of a new agent to the fields it names", async () => {
    vi.mocked(createAgent).mockResolvedValue({
      ok: false,
      status: 409,
      error: {
        code: "email_taken",
        message: "An agent with this e-mail exists.",
        fields: { email: "An agent with this e-mail exists." },
      },
    });
    const agent = {
      email: "bo@clinic.example",
      name: "Bo",
      role: "agent",
      password: "x".repeat(12),
    };
    expect(await agentsAction(submit({ intent: "create", agent }))).toEqual({
      ok: false,
      status: 409,
      message: "An agent with this e-mail exists.",
      fields: { email: "An agent with this e-mail exists." },
    });
    expect(createAgent).toHaveBeenCalledWith(agent);
  });

  it("changes the agent the submission names", async () => {
    vi.mocked(updateAgent).mockResolvedValue({
      ok: true,
      status: 200,
      data: {
        status: 200,
        agent: { ...me, disabled: true, created_at: 0, online: false, availability: "offline" },
      },
    });
    const outcome = await agentsAction(
      submit({ intent: "update", id: 7, change: { disabled: true } }),
    );
    expect(updateAgent).toHaveBeenCalledWith(7, { disabled: true });
    expect(outcome).toMatchObject({ ok: true, data: { agent: { disabled: true } } });
  });
});
