/**
 * The signed-in agent's corner of the console frame: who they are, their online/away status, the
 * shortcuts list and sign-out. One block at every width: the sidebar's foot on wide screens, a
 * wrapping row under the navigation on narrow ones (the status must be reachable on a phone too).
 */
import { Keyboard, LogOut } from "lucide-react";
import { useState } from "react";
import { useOneAtATime } from "~/hooks/use-one-at-a-time";
import { PersonName } from "~/components/ui/person-name";
import { AvailabilityToggle } from "./availability-toggle";
import { useConsole, useConsoleState } from "./console-context";

export function ConsoleAccount({ onShortcuts }: { onShortcuts: () => void }) {
  const { signOut } = useConsole();
  const me = useConsoleState((s) => s.me);
  const [signingOut, setSigningOut] = useState(false);
  const signingOutOnce = useOneAtATime(async () => {
    setSigningOut(true);
    await signOut();
  });
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
          onClick={() => void signingOutOnce.run()}
          aria-disabled={signingOut || undefined}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </button>
      </div>
    </div>
  );
}
