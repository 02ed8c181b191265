/**
 * The layout route of every public page (and the 404 page): the site's shell around the page. A
 * page that fails to render is replaced by a friendly error inside the same shell, so the visitor
 * keeps the header and the way back.
 */
import { isRouteErrorResponse, Outlet } from "react-router";
import { brand } from "~/brand";
import { NotFound } from "~/components/not-found";
import type { Route } from "./+types/site-layout";
import { SiteShell } from "./site-shell";

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <NotFound />
      </SiteShell>
    );
  }
  if (typeof console !== "undefined") console.error(error);
  return (
    <SiteShell>
      <section className="container-page py-24 text-center" aria-labelledby="error-title">
        <p className="eyebrow mb-3">Something went wrong</p>
        <h1 id="error-title" className="text-title font-bold">
          This page did not load properly
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
          Part of the page failed to arrive, often because of a brief network problem or a new
          version of the site. Trying again usually fixes it. If it keeps happening, write to{" "}
          <a href={`mailto:${brand.supportEmail}`} className="text-brand">
            {brand.supportEmail}
          </a>
          .
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.location.reload()}
          >
            Try again
          </button>
          <a href="/" className="btn btn-secondary">
            Go to the home page
          </a>
        </div>
      </section>
    </SiteShell>
  );
}
