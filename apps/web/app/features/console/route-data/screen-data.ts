/**
 * What a console screen's route loader and action hand to the screen: the loaded data or the
 * failure in words (the same words as everywhere in the console), "not allowed" for an admin-only
 * screen seen by an agent, and a submission's outcome with the server's word for each field.
 */
import type { ApiResult } from "~/lib/api-client";
import { failureMessage, type Failed } from "../api/console-client";
import { fetchMe } from "../api/fetch-me";

export type Load<T> = { kind: "loaded"; data: T } | { kind: "failed"; message: string };

/** An admin-only screen's load: "not allowed" while the signed-in agent is not an admin. */
export type AdminLoad<T> = Load<T> | { kind: "not-allowed" };

export function toLoad<T>(result: ApiResult<T>): Load<T> {
  return result.ok
    ? { kind: "loaded", data: result.data }
    : { kind: "failed", message: failureMessage(result) };
}

/**
 * Loads `fetch` only for an admin: anyone else (or nobody signed in, whom the signed-in layout
 * sends to sign in) gets "not allowed" and the admin API is not asked at all. The role is the
 * server's answer now, so an agent made admin a moment ago sees the screen.
 */
export function adminOnly<T>(fetch: () => Promise<ApiResult<T>>): Promise<AdminLoad<T>> {
  return forAdmins(async () => toLoad(await fetch()));
}

/** `adminOnly` for a screen that loads several things: `load` runs only for an admin. */
export async function forAdmins<T>(
  load: () => Promise<T>,
): Promise<T | { kind: "failed"; message: string } | { kind: "not-allowed" }> {
  const me = await fetchMe();
  if (me.kind === "failed") return { kind: "failed", message: me.message };
  if (me.kind !== "signed-in" || me.agent.role !== "admin") return { kind: "not-allowed" };
  return load();
}

export type Outcome<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; fields: Record<string, string> };

/** A call's answer as a submission's outcome: on refusal, its words and each field's problem. */
export function toOutcome<T>(result: ApiResult<T>): Outcome<T> {
  return result.ok ? { ok: true, data: result.data } : refusal(result);
}

export function refusal(result: Failed): Extract<Outcome<never>, { ok: false }> {
  return {
    ok: false,
    status: result.status,
    message: failureMessage(result),
    fields: result.error.fields ?? {},
  };
}

/**
 * The JSON body a console screen's fetcher sent (see use-console-submit.ts), typed as the
 * screen's own submissions: only that screen sends to its route, and the server checks every field
 * again.
 */
export async function readSubmission<S extends { intent: string }>(request: Request): Promise<S> {
  const body: unknown = await request.json();
  if (typeof body !== "object" || body === null || !("intent" in body)) {
    throw new Response("A console submission names its intent.", { status: 400 });
  }
  return body as S;
}
