/**
 * The document every page shares, and nothing else: the public site's shell is the layout route
 * routes/_site/site-layout.tsx, and the support console brings its own. The build renders this
 * document alone (with the fallback below) into the page that starts the client-rendered console.
 *
 * Content pages are complete as prerendered HTML and load no framework script: only the small
 * enhancement script (app/enhance/) and the speculation rules. React Router's scripts are loaded
 * only where a route asks for them with `handle: { hydrate: true }` (the console).
 */
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useMatches,
  type LinksFunction,
} from "react-router";
import { useContext } from "react";
import type { Route } from "./+types/root";
import { brand } from "./brand";
import stylesheet from "./app.css?url";
import { wantsHydration } from "./route-handle";

const enhanceScript = import.meta.env.VITE_ENHANCE_SCRIPT;
const enhancePreloads = import.meta.env.VITE_ENHANCE_PRELOADS.split(" ").filter(Boolean);
const rules = import.meta.env.VITE_SPECULATION_RULES;

/**
 * Whether this document runs React Router in the browser: a route asked for it, or this is the
 * client-rendering page (the build's SPA fallback, which React Router only knows by its framework
 * context; the version is pinned, and the console's browser tests fail if this stops working).
 * Once this code runs in a browser, the document is necessarily one that loaded the framework.
 */
function useHydration(): boolean {
  const matches = useMatches();
  const spaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode === true;
  if (typeof document !== "undefined") return true;
  return spaFallback || matches.some((m) => wantsHydration(m.handle));
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * The `<html>` element, in the build's HTML only. In the browser the console runs on Preact
 * (docs/decisions/0062), which hydrates a document by drawing into its `<html>`: there the layout
 * gives the head and body alone, matched against the prerendered ones.
 */
function DocumentElement({ children }: { children: React.ReactNode }) {
  return import.meta.env.SSR ? <html lang="en">{children}</html> : <>{children}</>;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydration = useHydration();
  return (
    <DocumentElement>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3730a3" />
        <Meta />
        <Links />
        {hydration ? null : (
          <>
            <script type="module" src={enhanceScript} />
            {enhancePreloads.map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))}
            <script
              type="speculationrules"
              // A constant built from the route table; nothing from a visitor reaches it.
              dangerouslySetInnerHTML={{ __html: rules }}
            />
          </>
        )}
      </head>
      <body>
        {children}
        {hydration ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </DocumentElement>
  );
}

export default function App() {
  return <Outlet />;
}

/** What a client-rendered page (the console) shows until its code has arrived. */
export function HydrateFallback() {
  return (
    <div className="grid min-h-dvh place-items-center p-6 text-center">
      <div>
        <p role="status" className="text-lg font-semibold text-ink">
          Loading…
        </p>
        <noscript>
          <p className="mt-2 text-muted">This page needs JavaScript. Please turn it on.</p>
        </noscript>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof console !== "undefined") console.error(error);
  return (
    <main className="container-page py-24 text-center">
      <h1 className="text-title font-bold">
        {notFound ? "This page does not exist" : "This page did not load properly"}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
        {notFound
          ? "The address may be mistyped, or the page has moved."
          : "Part of the page failed to arrive, often because of a brief network problem or a new version of the site. Trying again usually fixes it."}{" "}
        If you need us, write to{" "}
        <a href={`mailto:${brand.supportEmail}`} className="text-brand">
          {brand.supportEmail}
        </a>
        .
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <a href="/" className="btn btn-secondary">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
