/**
 * What a route module's `handle` may say to the document (root.tsx). Pages are prerendered and need
 * no framework script in the browser; a route that does (the console, drawn in the browser) sets
 * `hydrate: true`, and the document then loads React Router's scripts for it.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

export function wantsHydration(handle: unknown): boolean {
  return (handle as RouteHandle | undefined)?.hydrate === true;
}
