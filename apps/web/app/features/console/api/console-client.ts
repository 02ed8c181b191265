/**
 * The console's way to call the agent API: the site's API client, plus one rule. A 401 on any call
 * means the agent's session has ended (expired, signed out elsewhere, disabled); whoever listens
 * (the running console) sends the agent to sign in again, keeping what they were typing.
 */
import type { z } from "zod/mini";
import {
  deleteJson,
  getJson,
  patchJson,
  postForm,
  postJson,
  putJson,
  type ApiResult,
} from "~/lib/api-client";

export type Failed = Extract<ApiResult<unknown>, { ok: false }>;

const sessionLostListeners = new Set<() => void>();

/** Calls `listener` whenever a call is refused for want of a session; returns the unsubscribe. */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => {
    sessionLostListeners.delete(listener);
  };
}

/** Tells the listeners when a failed call was refused for want of a session. */
export function reportIfSessionLost(result: Failed): void {
  if (result.status !== 401) return;
  for (const listener of [...sessionLostListeners]) listener();
}

async function watched<T>(call: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const result = await call;
  if (!result.ok) reportIfSessionLost(result);
  return result;
}

export const consoleApi = {
  get: <T>(path: string, answer: z.ZodMiniType<T>) => watched(getJson(path, answer)),
  post: <T>(path: string, body: unknown, answer: z.ZodMiniType<T>) =>
    watched(postJson(path, body, answer)),
  patch: <T>(path: string, body: unknown, answer: z.ZodMiniType<T>) =>
    watched(patchJson(path, body, answer)),
  put: <T>(path: string, body: unknown, answer: z.ZodMiniType<T>) =>
    watched(putJson(path, body, answer)),
  delete: <T>(path: string, answer: z.ZodMiniType<T>) => watched(deleteJson(path, answer)),
  postForm: <T>(path: string, body: FormData, answer: z.ZodMiniType<T>) =>
    watched(postForm(path, body, answer)),
};

/** A failed call in words an agent can act on. */
export function failureMessage(result: Failed): string {
  if (result.status === 0) {
    return "The server could not be reached. Check your connection and try again.";
  }
  if (result.status === 401) return "Your session has ended. Please sign in again.";
  if (result.status >= 500) {
    return "Something went wrong on the server. Please try again in a moment.";
  }
  return result.error.message;
}
