/**
 * The console's one way to submit: a React Router fetcher posting JSON to a route's
 * `clientAction`. `pending` (the fetcher's state) is the only busy flag a screen has; a press
 * while a submission is under way sends nothing. When the action has answered and the route's
 * data has been loaded again, `then` gets the outcome.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher, type SubmitTarget } from "react-router";
import type { Outcome } from "../route-data/screen-data";

export function useConsoleSubmit<T>(action?: string) {
  const fetcher = useFetcher<Outcome<T>>();
  // Set before the fetcher's state reaches the screen, so a double click cannot slip in.
  const sending = useRef(false);
  const then = useRef<((outcome: Outcome<T>) => void) | null>(null);
  const [settled, setSettled] = useState(0);

  useEffect(() => {
    if (settled === 0 || !sending.current) return;
    sending.current = false;
    const done = then.current;
    then.current = null;
    if (fetcher.data !== undefined) done?.(fetcher.data);
    // Runs once per finished submission; fetcher.data is the answer it finished with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return {
    pending: fetcher.state !== "idle",
    /**
     * Sends `body` (with its `intent`) unless a submission is under way; false when it did not.
     * `revalidate: false` leaves the screens' data as it is (signing out: there is nothing left
     * to load it with).
     */
    submit<S extends { intent: string }>(
      body: S,
      done?: (outcome: Outcome<T>) => void,
      { revalidate = true }: { revalidate?: boolean } = {},
    ) {
      if (sending.current) return false;
      sending.current = true;
      then.current = done ?? null;
      void fetcher
        // Plain data (the screens' submission types): sent as JSON, read with request.json().
        .submit(body as SubmitTarget, {
          method: "post",
          encType: "application/json",
          ...(action ? { action } : {}),
          ...(revalidate ? {} : { defaultShouldRevalidate: false }),
        })
        .finally(() => setSettled((n) => n + 1));
      return true;
    },
  };
}

/** What `useConsoleSubmit` gives, for a component handed a submission its parent owns. */
export type ConsoleSubmit<T> = ReturnType<typeof useConsoleSubmit<T>>;
