/**
 * The one way the browser calls our JSON API (same origin). Every outcome is a value, not
 * an exception: the parsed answer, an error in the API's envelope (with Retry-After when rate
 * limited), or a network failure, so callers show each one without try/catch.
 */
import { apiErrorSchema, type ApiError } from "@hourline/contracts/api-error";
import type { z } from "zod/mini";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** 0 when no answer arrived (offline, timed out, blocked). */
      status: number;
      error: ApiError["error"];
      /** Seconds, from the Retry-After header of a 429 or 503. */
      retryAfterSeconds?: number;
    };

const TIMEOUT_MS = 15_000;
/** An upload of 25 MB on a slow line takes a while; it still must not hang for ever. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function call<T>(
  path: string,
  init: RequestInit,
  answer: z.ZodMiniType<T>,
  timeoutMs = TIMEOUT_MS,
): Promise<ApiResult<T>> {
  return readJson(
    fetch(path, { ...init, credentials: "same-origin", signal: AbortSignal.timeout(timeoutMs) }),
    answer,
  );
}

/**
 * The outcome of a call already sent (the console's first question is sent before the app
 * starts), its answer parsed with `answer`.
 */
export async function readJson<T>(
  sent: Promise<Response>,
  answer: z.ZodMiniType<T>,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await sent;
  } catch {
    return {
      ok: false,
      status: 0,
      error: { code: "network", message: "The connection to our server failed." },
    };
  }

  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = answer.safeParse(json);
    if (parsed.success) return { ok: true, status: response.status, data: parsed.data };
  }
  const envelope = apiErrorSchema.safeParse(json);
  const seconds = retryAfter(response.headers.get("retry-after"));
  return {
    ok: false,
    status: response.status,
    error: envelope.success
      ? envelope.data.error
      : { code: "unexpected_answer", message: `The server answered ${response.status}.` },
    ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
  };
}

/** A JSON body sent with `method`, its answer parsed with `answer`. */
function sendJson<T>(
  method: "POST" | "PATCH" | "PUT",
  path: string,
  body: unknown,
  answer: z.ZodMiniType<T>,
): Promise<ApiResult<T>> {
  return call(
    path,
    {
      method,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    },
    answer,
  );
}

export function postJson<T>(path: string, body: unknown, answer: z.ZodMiniType<T>) {
  return sendJson("POST", path, body, answer);
}

export function patchJson<T>(path: string, body: unknown, answer: z.ZodMiniType<T>) {
  return sendJson("PATCH", path, body, answer);
}

export function putJson<T>(path: string, body: unknown, answer: z.ZodMiniType<T>) {
  return sendJson("PUT", path, body, answer);
}

export function deleteJson<T>(path: string, answer: z.ZodMiniType<T>): Promise<ApiResult<T>> {
  return call(path, { method: "DELETE", headers: { accept: "application/json" } }, answer);
}

export function getJson<T>(path: string, answer: z.ZodMiniType<T>): Promise<ApiResult<T>> {
  return call(path, { method: "GET", headers: { accept: "application/json" } }, answer);
}

/** A multipart POST (the browser sets the boundary); for file uploads. */
export function postForm<T>(
  path: string,
  body: FormData,
  answer: z.ZodMiniType<T>,
): Promise<ApiResult<T>> {
  return call(
    path,
    { method: "POST", headers: { accept: "application/json" }, body },
    answer,
    UPLOAD_TIMEOUT_MS,
  );
}
