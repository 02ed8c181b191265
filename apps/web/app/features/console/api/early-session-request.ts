/**
 * The console's first question, who is signed in (GET /api/agent/me), asked as soon as the
 * console's document has loaded this module: the document names it in a script of its own, ahead
 * of the app, so the answer travels while the app's code arrives instead of after it. The first
 * `fetchMe` takes the request; any later one asks again. It imports nothing, so it stays a file of
 * its own (vite.config.ts) that runs at once. When nobody is signed in it starts fetching the
 * sign-in page's modules (the script's `data-signed-out` names them, written by the build), which
 * a signed-in agent's console never loads.
 */
export const meEndpoint = "/api/agent/me";

let early: Promise<Response> | null =
  typeof document === "undefined"
    ? null
    : fetch(meEndpoint, {
        credentials: "same-origin",
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(15_000),
      });

if (early) {
  const signInModules =
    document.querySelector<HTMLScriptElement>("script[data-signed-out]")?.dataset.signedOut ?? "";
  early.then(
    (response) => {
      if (response.status !== 401) return;
      for (const href of signInModules.split(" ").filter(Boolean)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.append(link);
      }
    },
    // Whoever takes the request reports a failure; a preload is not worth another message.
    () => undefined,
  );
}

/** The request sent at start-up, once; null after that (or outside a browser). */
export function takeEarlySessionRequest(): Promise<Response> | null {
  const request = early;
  early = null;
  return request;
}
