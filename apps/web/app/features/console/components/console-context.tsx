/**
 * The running console for the signed-in screens: the live session (its state read with
 * useSyncExternalStore), the signed-in agent and the alert preferences. Provided by the signed-in
 * layout route; every console screen reads it through these hooks.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import { createContext, useContext, useSyncExternalStore } from "react";
import type { AlertPreferences } from "../model/alert-preferences";
import type { ConsoleSession } from "../model/console-session";
import type { ConsoleState } from "../model/console-state";

export interface ConsoleContextValue {
  session: ConsoleSession;
  /** Updates the agent shown everywhere after a change of name. */
  setMe(agent: AgentProfile): void;
  alerts: AlertPreferences;
  setAlerts(prefs: AlertPreferences): void;
  /** Opens the list of keyboard shortcuts. */
  showShortcuts(): void;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error("useConsole: outside the signed-in console");
  return value;
}

/** The live state, or a part of it (re-rendering only when that part changes). */
export function useConsoleState<T = ConsoleState>(select?: (state: ConsoleState) => T): T {
  const { session } = useConsole();
  const get = () => (select ? select(session.getState()) : (session.getState() as T));
  return useSyncExternalStore(session.subscribe, get, get);
}
