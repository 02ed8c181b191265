import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { brand } from "./brand";
import { ScrollToTop } from "./components/layout/scroll-to-top";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { NotFound } from "./components/not-found";
import { ChatLauncher } from "./features/support-chat/launcher/chat-launcher";
import stylesheet from "./app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3730a3" />
        <Meta />
        <Links />
      </head>
      <body>
        <div id="top" tabIndex={-1} className="outline-none" />
        <a
          href="#main"
          className="btn btn-primary fixed top-2 left-2 z-[60] -translate-y-20 focus:translate-y-0"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="outline-none">
          {children}
        </main>
        <SiteFooter />
        <ScrollToTop />
        <ChatLauncher />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (typeof console !== "undefined") console.error(error);
  return (
    <section className="container-page py-24 text-center" aria-labelledby="error-title">
      <p className="eyebrow mb-3">Something went wrong</p>
      <h1 id="error-title" className="text-title font-bold">
        This page did not load properly
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
        Part of the page failed to arrive, often because of a brief network problem or a new version
        of the site. Trying again usually fixes it. If it keeps happening, write to{" "}
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
    </section>
  );
}
