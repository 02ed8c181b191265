/** What the console shows when a screen fails to draw: a way to try again and a way home. */
import { brand } from "~/brand";
import { DocumentTitle } from "./document-title";

export function ConsoleError() {
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <DocumentTitle>{`Something went wrong · ${brand.name} support`}</DocumentTitle>
      <div role="alert">
        <h1 className="text-2xl font-bold text-ink">This screen did not load properly</h1>
        <p className="mx-auto mt-2 max-w-md text-muted">
          Often a brief network problem or a new version of the console. Replies you were writing
          are kept in this tab.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.location.reload()}
          >
            Try again
          </button>
          <a href="/console" className="btn btn-secondary">
            Go to the inbox
          </a>
        </div>
      </div>
    </main>
  );
}
