// @vitest-environment jsdom
import type { AgentAccount } from "@hourline/contracts/console";
import { act, createElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { colleague, me, T0 } from "../model/console-fixtures.test-support";
import type { ConsoleSession } from "../model/console-session";
import {
  consoleReducer,
  initialConsoleState,
  type ConsoleAction,
  type ConsoleState,
} from "../model/console-state";
import { AgentsAdmin } from "./agents-admin";
import { ConsoleContext, type ConsoleContextValue } from "./console-context";
import { reactTestRoot } from "./react-test-root";

const account = (agent: typeof me, online: boolean): AgentAccount => ({
  ...agent,
  disabled: false,
  created_at: T0,
  online,
  availability: online ? "online" : "offline",
});

/** A console whose state the test moves on with reducer actions. */
function fakeConsole() {
  let state: ConsoleState = initialConsoleState({ ...me, role: "admin" });
  const listeners = new Set<() => void>();
  const session = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as ConsoleSession;
  const value = { session } as ConsoleContextValue;
  return {
    value,
    dispatch(action: ConsoleAction) {
      state = consoleReducer(state, action);
      for (const listener of listeners) listener();
    },
  };
}

const mounted = reactTestRoot();

const statusOf = (name: string) =>
  [...mounted.container.querySelectorAll('[data-testid="agent-row"]')]
    .find((row) => row.textContent?.includes(name))
    ?.querySelectorAll("td")[2]?.textContent;

describe("AgentsAdmin", () => {
  it("shows each agent's console coming and going as it is pushed, without loading the team again", async () => {
    const load = {
      kind: "loaded" as const,
      data: [account({ ...me, role: "admin" }, true), account(colleague, false)],
    };
    const loader = vi.fn(() => load);
    const live = fakeConsole();
    const router = createMemoryRouter([
      {
        path: "/",
        loader,
        HydrateFallback: () => null,
        Component: () => createElement(AgentsAdmin, { load }),
      },
    ]);
    await act(async () => {
      mounted.root.render(
        createElement(
          ConsoleContext.Provider,
          { value: live.value },
          createElement(RouterProvider, { router }),
        ),
      );
    });
    expect(statusOf("Bruno")).toBe("Offline");

    await act(async () => {
      live.dispatch({ type: "agent-presence", agentId: colleague.id, online: true });
    });
    expect(statusOf("Bruno")).toBe("Online");
    await act(async () => {
      live.dispatch({ type: "agent-presence", agentId: colleague.id, online: false });
      live.dispatch({ type: "agent-presence", agentId: me.id, online: false });
    });
    expect(statusOf("Bruno")).toBe("Offline");
    expect(statusOf("Asha")).toBe("Offline");
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
