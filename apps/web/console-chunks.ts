/**
 * The console's first screen in two chunks. Left alone, the bundler splits the code the console's
 * first routes share into some forty files of a kilobyte or two, and over HTTP/1.1 (six
 * connections) each costs the browser a round trip before the first screen can draw. Every module
 * the console, signed-in and inbox routes import statically goes into `console-start`, and what
 * the sign-in page adds into `console-sign-in`, other than the framework (React Router and Preact, one
 * `framework` file). What the routes import on demand (admin screens, an open conversation,
 * dialogs) keeps its own chunks.
 */
import { fileURLToPath } from "node:url";
import type { ChunkingContext, ModuleInfo } from "rolldown";

const route = (file: string) =>
  fileURLToPath(new URL(`app/routes/console/${file}`, import.meta.url));
const signedInRoutes = ["console-layout.tsx", "signed-in-layout.tsx", "inbox.tsx"].map(route);
/**
 * What every route's loader and action use to hand over their data (the sign-in page's, the team
 * route's, the admin screens'): in neither first chunk but a small one of its own, so a signed-in
 * agent's later routes (the team route's first assignment) do not download the sign-in page's
 * chunk for it, and the inbox's first load does not carry it.
 */
const sharedRouteData = [
  fileURLToPath(new URL("app/features/console/route-data/screen-data.ts", import.meta.url)),
];
const signInRoutes = ["sign-in.tsx"].map(route);
const firstRoutes = [...signedInRoutes, ...signInRoutes];

/**
 * The framework, the same on every screen, so one file of its own: React Router and Preact, which
 * the browser build runs React's API on (decision 0062; the React packages are listed for a build
 * without that alias).
 */
export const frameworkModules =
  /[\\/]node_modules[\\/](?:preact|react|react-dom|react-router|scheduler)[\\/]/;

/** The console's first request, sent by a file of its own that the document runs at once. */
export const earlySessionRequest =
  /[\\/]app[\\/]features[\\/]console[\\/]api[\\/]early-session-request\.ts$/;

const isBarrel = (id: string, imports: string[]) =>
  /[\\/]node_modules[\\/]/.test(id) && imports.length > 20;

/** The modules `roots` import statically, followed transitively (routes and framework excluded). */
function staticImports(ctx: ChunkingContext, roots: string[]): Set<string> {
  const found = new Set<string>();
  const down = roots.flatMap((r) => ctx.getModuleInfo(r)?.importedIds ?? []);
  while (down.length > 0) {
    const id = down.pop() as string;
    if (found.has(id) || frameworkModules.test(id) || firstRoutes.includes(id)) continue;
    found.add(id);
    const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
    // A package index that re-exports dozens of modules (Radix, the icons) is not followed: the
    // screens use a few of them, and which ones only the bundler's tree-shaking knows (it adds
    // them to the chunk of the module that uses them). Followed, it would pull the dialogs of
    // screens that load later into these chunks.
    if (!isBarrel(id, imports)) down.push(...imports);
  }
  return found;
}

/** Per build: the module graph's objects are reused within one chunking pass. */
const chunkByGraph = new WeakMap<ModuleInfo, Map<string, string>>();

function firstLoadChunks(ctx: ChunkingContext): Map<string, string> {
  const key = ctx.getModuleInfo(firstRoutes[0] ?? "");
  if (!key) return new Map();
  const known = chunkByGraph.get(key);
  if (known) return known;
  const chunks = new Map<string, string>();
  for (const id of staticImports(ctx, signInRoutes)) chunks.set(id, "console-sign-in");
  for (const id of staticImports(ctx, signedInRoutes)) chunks.set(id, "console-start");
  for (const id of sharedRouteData) chunks.set(id, "console-route-data");
  chunkByGraph.set(key, chunks);
  return chunks;
}

/**
 * The chunk a module of the console's first screen goes into, or null for any other module. Give
 * `console-start` the higher priority: the bundler adds each captured module's imports to its
 * chunk, and what both screens import belongs to the one every visit loads. `console-route-data`
 * comes between them: what it imports that the first screen has stays in `console-start`.
 */
export const consoleChunk =
  (name: "console-start" | "console-route-data" | "console-sign-in") =>
  (id: string, ctx: ChunkingContext): string | null =>
    firstLoadChunks(ctx).get(id) === name ? name : null;
