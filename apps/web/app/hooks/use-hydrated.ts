import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False while the prerendered HTML is being hydrated, true afterwards. Lets a page render what the
 * static HTML shows first, then what depends on the browser (the query string, the hash).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
