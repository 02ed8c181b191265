/**
 * The console's start in the browser. The browser build runs on Preact (docs/decisions/0062).
 * React Router's `HydratedRouter` suspends at the root until the route state in the document is
 * decoded: React waits for such a root, Preact throws the promise back out of `hydrate` before it
 * has touched the document. So the start waits for that promise and hydrates again once it settles;
 * the document's markup stays as it is until the router can draw it.
 */
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function isPromise(thrown: unknown): thrown is PromiseLike<unknown> {
  return (
    typeof thrown === "object" &&
    thrown !== null &&
    typeof (thrown as { then?: unknown }).then === "function"
  );
}

function start(): void {
  try {
    hydrateRoot(document, <HydratedRouter />);
  } catch (thrown) {
    if (!isPromise(thrown)) throw thrown;
    thrown.then(start, start);
  }
}

start();
