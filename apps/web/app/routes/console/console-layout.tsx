/**
 * /console and everything below it: the support console, drawn in the browser. Never indexed; its
 * screens set their own titles.
 */
import { isRouteErrorResponse, Outlet } from "react-router";
import { ConsoleError } from "~/features/console/components/console-error";
import type { RouteHandle } from "~/route-handle";
import type { Route } from "./+types/console-layout";

/** The console is drawn in the browser: its document loads React Router's scripts. */
export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function ConsoleLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) && typeof console !== "undefined") console.error(error);
  return <ConsoleError />;
}
