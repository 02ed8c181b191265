/**
 * The signed-in part of the console. It asks who is signed in; anyone else goes to the sign-in page
 * (with the address they wanted, to come back to). For a signed-in agent it starts the live session
 * and keeps it for every screen until sign-out. When the session ends on the server (expiry,
 * sign-out elsewhere, a disabled account) the agent is sent to sign in again; replies and drafts
 * typed meanwhile stay in this tab and are there again after signing in.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { AgentStatus } from "@hourline/contracts/console-team";
import { LoaderCircle } from "lucide-react";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { browserStorage, tabStorage } from "~/lib/live-chat/browser-storage";
import { browserConnectionEnv } from "~/lib/live-chat/chat-connection";
import { newClientId } from "~/lib/live-chat/client-id";
import { onSessionLost } from "../api/console-client";
import { agentSocketUrl } from "../api/console-urls";
import { fetchContactMessages } from "../api/fetch-contact-messages";
import { fetchConversation } from "../api/fetch-conversation";
import { fetchConversationMessages } from "../api/fetch-conversation-messages";
import { fetchAgentEntries } from "../api/conversation-team";
import { fetchConversationCounts, fetchConversations } from "../api/fetch-conversations";
import { fetchMe } from "../api/fetch-me";
import { markConversationRead } from "../api/mark-conversation-read";
import {
  loadAlertPreferences,
  saveAlertPreferences,
  type AlertPreferences,
} from "../model/alert-preferences";
import type { ConsoleApi } from "../model/console-api";
import { ConsoleSession } from "../model/console-session";
import { ConsoleContext, type ConsoleContextValue } from "./console-context";
import { ConsoleShell } from "./console-shell";
import { noSessionState, signInPath } from "./sign-in-path";
import { prepareTimeFormats } from "./time-labels";

const api: ConsoleApi = {
  fetchConversations,
  fetchCounts: fetchConversationCounts,
  fetchEntries: fetchAgentEntries,
  fetchConversation,
  fetchMessages: fetchConversationMessages,
  markRead: markConversationRead,
  fetchContacts: () => fetchContactMessages(),
  fetchMe,
  onSessionLost,
};

type Gate =
  | { kind: "checking" }
  | { kind: "failed"; message: string }
  | { kind: "signed-in"; agent: AgentProfile; status: AgentStatus };

export function SignedInConsole() {
  const navigate = useNavigate();
  const location = useLocation();
  const [gate, setGate] = useState<Gate>({ kind: "checking" });
  const [attempt, setAttempt] = useState(0);
  const here = location.pathname + location.search;

  // While the agent is asked for, the lists' time formats are built (a long task of their own).
  useEffect(prepareTimeFormats, []);

  useEffect(() => {
    let cancelled = false;
    void fetchMe().then((outcome) => {
      if (cancelled) return;
      // The console's frame is drawn in the background: its first render is the page's longest
      // task, and in a transition React yields to the browser while it works.
      if (outcome.kind === "signed-in") {
        const { agent, status } = outcome;
        startTransition(() => setGate({ kind: "signed-in", agent, status }));
      } else if (outcome.kind === "failed") setGate({ kind: "failed", message: outcome.message });
      else void navigate(signInPath(here), { replace: true, state: noSessionState });
    });
    return () => {
      cancelled = true;
    };
    // Asked once per visit (and per retry); moving between screens does not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (gate.kind === "signed-in") {
    return <LiveConsole key={gate.agent.id} agent={gate.agent} status={gate.status} />;
  }
  if (gate.kind === "checking") return <Opening />;
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div role="alert">
        <h1 className="text-xl font-bold text-ink">The console could not start</h1>
        <p className="mt-2 text-muted">{gate.message}</p>
        <button
          type="button"
          className="btn btn-primary mt-6"
          onClick={() => {
            setGate({ kind: "checking" });
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    </main>
  );
}

function Opening() {
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <p role="status" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <LoaderCircle
          aria-hidden="true"
          className="size-5 animate-spin motion-reduce:animate-none"
        />
        Opening the console…
      </p>
    </main>
  );
}

function LiveConsole({ agent, status }: { agent: AgentProfile; status: AgentStatus }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [alerts, setAlertsState] = useState<AlertPreferences>(() =>
    loadAlertPreferences(browserStorage()),
  );
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  // One session per signed-in agent (the layout mounts LiveConsole anew for another agent).
  const [session] = useState(
    () =>
      new ConsoleSession(
        agent,
        {
          api,
          env: browserConnectionEnv(),
          socketUrl: agentSocketUrl(window.location),
          storage: tabStorage(),
          newClientId,
        },
        { visible: document.visibilityState === "visible", status },
      ),
  );

  useEffect(() => {
    session.start();
    const visible = () => session.setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", visible);
    return () => {
      document.removeEventListener("visibilitychange", visible);
      session.stop();
    };
  }, [session]);

  // Where to come back to after signing in again, read when the session is found to be over.
  const here = useRef(location.pathname + location.search);
  useEffect(() => {
    here.current = location.pathname + location.search;
  }, [location]);

  useEffect(
    () =>
      session.subscribe(() => {
        if (session.getState().expired) {
          void navigate(signInPath(here.current, { expired: true }), {
            replace: true,
            state: noSessionState,
          });
        }
      }),
    [session, navigate],
  );

  const setAlerts = useCallback((prefs: AlertPreferences) => {
    setAlertsState(prefs);
    saveAlertPreferences(browserStorage(), prefs);
  }, []);

  const value: ConsoleContextValue = useMemo(
    () => ({
      session,
      setMe: (next) => session.setMe(next),
      alerts,
      setAlerts,
      showShortcuts: () => setShortcutsOpen(true),
    }),
    [session, alerts, setAlerts],
  );

  // The screen is drawn in the task after the frame's: together they were one long task.
  const [screenShown, setScreenShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setScreenShown(true), 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <ConsoleContext.Provider value={value}>
      <ConsoleShell shortcutsOpen={shortcutsOpen} onShortcutsOpenChange={setShortcutsOpen}>
        {screenShown ? <Outlet /> : null}
      </ConsoleShell>
    </ConsoleContext.Provider>
  );
}
