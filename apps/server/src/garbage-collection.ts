/**
 * How the server's garbage collector is set up (decision 0067).
 *
 * V8 "pretenures" an allocation site whose objects mostly survived their first collections: it
 * allocates that site's objects straight in the old generation from then on. On a server that
 * takes many kept-alive connections at once, the sites of Node's and Fastify's per-request
 * objects (a response's header map, a request's state) are tenured while the first burst of
 * requests is still in flight. Each request then leaves a dead object in the old generation that
 * points at the request's young objects, and a scavenge, which cannot tell a dead old object from
 * a live one, keeps all of them: every request's request, response and header strings were copied
 * and promoted until the next full collection. Measured on one instance behind 1,000 kept-alive
 * connections at one request a second each, every scavenge copied about 3 MB and paused 5-7 ms;
 * without pretenuring it copies about 0.2 MB and pauses about 2 ms. The chat's HTTP fallback
 * answers a POST per message, so it paid for this on every message (docs/performance.md).
 *
 * V8 reads the flag at each collection, so setting it when the process starts, before it serves a
 * request, applies to everything the server does. Long-lived objects still reach the old
 * generation, by two scavenges, as everything else does.
 */
import { setFlagsFromString } from "node:v8";

/** Turns pretenuring off for this process; called once, before the server starts. */
export function tuneGarbageCollection(): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
}
