/** Vitest's global setup for the server's tests: the bundle they spawn is current. */
import { ensureCurrentServerBuild } from "./server-build";

export default function setup(): void {
  ensureCurrentServerBuild();
}
