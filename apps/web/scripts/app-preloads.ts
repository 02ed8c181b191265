/**
 * The console's document names the modules of its first screen, so the browser fetches them
 * alongside React Router's own scripts. Without the links, each route module is found only once
 * the router has started and each of its imports only once that module has arrived: two more round
 * trips before anything but "Loading…" can paint.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The routes a signed-in agent opening /console renders (the inbox). */
export const consoleFirstRoutes = [
  "routes/console/console-layout",
  "routes/console/signed-in-layout",
  "console-inbox",
];

/** The route shown instead when nobody is signed in: fetched once the console knows that. */
export const consoleSignedOutRoutes = ["routes/console/sign-in"];

type RouteManifest = Record<string, { module: string; imports?: string[] }>;

/** React Router's client manifest (`assets/manifest-*.js`) as the build wrote it. */
export function readRouteManifest(clientDir: string): RouteManifest {
  const names = readdirSync(join(clientDir, "assets")).filter((n) =>
    /^manifest-[\w-]+\.js$/.test(n),
  );
  if (names.length !== 1) throw new Error(`expected one route manifest, found ${names.length}`);
  const source = readFileSync(join(clientDir, "assets", names[0] ?? ""), "utf8").trim();
  const prefix = "window.__reactRouterManifest=";
  if (!source.startsWith(prefix)) throw new Error("the route manifest is not in the expected form");
  const parsed = JSON.parse(source.slice(prefix.length).replace(/;$/, "")) as {
    routes: RouteManifest;
  };
  return parsed.routes;
}

/** The modules `html` preloads. */
export function preloadedModules(html: string): Set<string> {
  return new Set(
    [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1] ?? ""),
  );
}

/** Each route's module and the modules it imports, as React Router lists them, once each. */
export function routeModules(routes: RouteManifest, routeIds: string[]): string[] {
  const urls: string[] = [];
  for (const id of routeIds) {
    const route = routes[id];
    if (!route) throw new Error(`the route manifest has no route "${id}"`);
    for (const url of [route.module, ...(route.imports ?? [])]) {
      if (!urls.includes(url)) urls.push(url);
    }
  }
  return urls;
}

/**
 * `html` with a module preload for every module of `routeIds` (each route's module and the modules
 * it imports, as React Router lists them) that the document does not preload already, placed after
 * its last one so React Router's own scripts keep their place in the queue.
 */
export function withRoutePreloads(html: string, routes: RouteManifest, routeIds: string[]): string {
  const wanted = routeModules(routes, routeIds).filter((url) => !preloadedModules(html).has(url));
  const last = [...html.matchAll(/<link rel="modulepreload" href="[^"]+"\/>/g)].at(-1);
  if (!last || last.index === undefined) throw new Error("the document preloads no module");
  const at = last.index + last[0].length;
  const links = wanted.map((url) => `<link rel="modulepreload" href="${url}"/>`).join("");
  return html.slice(0, at) + links + html.slice(at);
}

/**
 * `html` with its stylesheet, then `sessionScript` (the console's first request, which fetches
 * `signedOutModules` when nobody is signed in), ahead of its module preloads. Nothing paints before the stylesheet has arrived, and over HTTP/1.1 it would
 * otherwise queue behind the scripts for a connection; the request is sent while the scripts
 * arrive instead of once the screen has started.
 */
export function withStylesheetAndSessionFirst(
  html: string,
  sessionScript: string,
  signedOutModules: string[],
): string {
  const sheet = /<link rel="stylesheet" href="[^"]+"\/>/.exec(html);
  const first = html.indexOf('<link rel="modulepreload"');
  if (!sheet || first === -1) throw new Error("the document has no stylesheet or module preload");
  const session =
    `<script type="module" async="" src="${sessionScript}" ` +
    `data-signed-out="${signedOutModules.join(" ")}"></script>`;
  if (html.includes(session)) return html;
  const without = html.slice(0, sheet.index) + html.slice(sheet.index + sheet[0].length);
  const at = sheet.index < first ? sheet.index : first;
  return without.slice(0, at) + sheet[0] + session + without.slice(at);
}

/** The URL of the one built file whose name starts with `name-`. */
export function assetUrl(clientDir: string, name: string): string {
  const files = readdirSync(join(clientDir, "assets")).filter(
    (f) => f.startsWith(`${name}-`) && f.endsWith(".js"),
  );
  if (files.length !== 1) throw new Error(`expected one ${name} script, found ${files.length}`);
  return `/assets/${files[0]}`;
}
