/**
 * A console screen's list, fetched when the screen opens: loading, loaded, or the failure's message
 * in words. An answer that arrives after the screen has closed is dropped.
 */
import { useCallback, useEffect, useState } from "react";
import type { ApiResult } from "~/lib/api-client";
import { failureMessage } from "../api/console-client";

export type Load<T> =
  { kind: "loading" } | { kind: "loaded"; data: T } | { kind: "failed"; message: string };

/**
 * `fetch` (a module's function, the same on every render) is called once on mount, and again
 * whenever `enabled` turns true; while it is false nothing is fetched and the load stays "loading".
 * `update` changes what was loaded (after a save or a removal); before that it does nothing.
 */
export function useConsoleFetch<T>(
  fetch: () => Promise<ApiResult<T>>,
  { enabled = true }: { enabled?: boolean } = {},
): [Load<T>, (change: (data: T) => T) => void] {
  const [load, setLoad] = useState<Load<T>>({ kind: "loading" });

  useEffect(() => {
    if (!enabled) return undefined;
    let cancelled = false;
    void fetch().then((result) => {
      if (cancelled) return;
      setLoad(
        result.ok
          ? { kind: "loaded", data: result.data }
          : { kind: "failed", message: failureMessage(result) },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [fetch, enabled]);

  const update = useCallback((change: (data: T) => T) => {
    setLoad((current) =>
      current.kind === "loaded" ? { kind: "loaded", data: change(current.data) } : current,
    );
  }, []);

  return [load, update];
}
