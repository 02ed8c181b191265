/**
 * Renders each page at build time (the site is prerendered; nothing renders on a server at request
 * time). Unlike the framework's default, it always waits for every Suspense boundary, so anything
 * loaded lazily is complete in the static HTML instead of arriving as a fallback plus an inline
 * script that swaps it in (content pages run no script that could).
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // Never split a finished boundary out into a later chunk plus a script that moves it in:
        // the page is static, so everything is written in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          ready = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          if (ready) console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
