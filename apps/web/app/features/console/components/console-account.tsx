/**
 * The signed-in agent's corner of the console frame: who they are, their online/away status, the
 * shortcuts list and sign-out. One block at every width: the sidebar's foot on wide screens, a
 * wrapping row under the navigation on narrow ones (the status must be reachable on a phone too).
 */
import { Keyboard, LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { PersonName } from "~/components/ui/person-name";
import { teamPath } from "../route-data/team-path";
import { AvailabilityToggle } from "./availability-toggle";
import { useConsole, useConsoleState } from "./console-context";
import { noSessionState, signInPath } from "./sign-in-path";
import { useConsoleSubmit } from "./use-console-submit";

export function ConsoleAccount({ onShortcuts }: { onShortcuts: () => void }) {
  const { session } = useConsole();
  const me = useConsoleState((s) => s.me);
  const navigate = useNavigate();
  const { submit, pending } = useConsoleSubmit(teamPath);

  // The server ends the session and its sockets; whatever it answers, this console is closed and
  // the agent lands on the sign-in page, which is told there is no session (it does not ask).
  // Nothing is loaded again after the action: there is no session left to load with.
  function signOut() {
    const sent = submit(
      { intent: "sign-out" },
      () =>
        void navigate(signInPath(null, { signedOut: true }), {
          replace: true,
          state: noSessionState,
        }),
      { revalidate: false },
    );
    // Before the server closes the sockets, so the console does not reconnect or report a lost
    // session; the request is on its way by now, and the work in this tab is forgotten.
    if (sent) session.forget();
  }
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2 border-t border-line px-4 py-2 lg:block lg:p-3">
      <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto lg:mb-0">
        <p className="truncate text-sm font-semibold text-ink">
          <PersonName name={me.name} />
        </p>
        <p className="hidden truncate text-xs text-muted sm:block">
          {me.email} · {me.role === "admin" ? "Admin" : "Agent"}
        </p>
      </div>
      <div className="w-44 lg:w-auto">
        <AvailabilityToggle />
      </div>
      {/* Two equal halves of the sidebar: side by side they must not overflow it. On a phone (no
          keyboard, so no shortcuts) sign-out sits beside the status. */}
      <div className="flex gap-2 lg:mt-2 lg:grid lg:grid-cols-2">
        <button
          type="button"
          className="btn btn-secondary hidden min-h-9 min-w-0 gap-1.5 px-2 py-1.5 text-sm whitespace-nowrap sm:inline-flex"
          onClick={onShortcuts}
        >
          <Keyboard aria-hidden="true" className="size-4" />
          Shortcuts
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-9 min-w-0 gap-1.5 px-2.5 py-1.5 text-sm whitespace-nowrap"
          onClick={signOut}
          aria-disabled={pending || undefined}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </button>
      </div>
    </div>
  );
}
