/**
 * The browser that asks for a one-time code (decision record 0030). Asking sets a random nonce
 * as a cookie; the code is stored with the nonce's hash and only a request carrying that cookie can
 * spend it. A browser that proved an address gets a second cookie, a mark only the server can make
 * for that address, which exempts it from the address's hourly mail bound, so strangers asking
 * for codes for someone else's address cannot keep its owner out.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { oneTimeCodeTiming } from "@hourline/contracts/chat-api";
import { sessionCookieOptions } from "./session-tokens";

const NONCE = /^[\w-]{43}$/;
/** The proven mark lasts a year: the owner's path back in, as long as they keep this browser. */
const PROVEN_MS = 365 * 24 * 60 * 60_000;

function cookieNames(publicUrl: string) {
  const prefix = publicUrl.startsWith("https://") ? "__Host-" : "";
  return { nonce: `${prefix}hl_code_nonce`, proven: `${prefix}hl_code_proven` };
}

const hashNonce = (nonce: string) => createHash("sha256").update(nonce).digest("hex");

/**
 * The requesting browser's nonce hash: its cookie's, or a new nonce set now. The cookie lives as
 * long as a code does, renewed with every request.
 */
export function codeRequester(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
): string {
  const name = cookieNames(publicUrl).nonce;
  const given = request.cookies[name];
  const nonce = given && NONCE.test(given) ? given : randomBytes(32).toString("base64url");
  reply.setCookie(name, nonce, sessionCookieOptions(publicUrl, oneTimeCodeTiming.lifetimeMs));
  return hashNonce(nonce);
}

/** The nonce hash of the browser that spends a code; undefined when it never asked for one. */
export function codeSpender(request: FastifyRequest, publicUrl: string): string | undefined {
  const nonce = request.cookies[cookieNames(publicUrl).nonce];
  return nonce && NONCE.test(nonce) ? hashNonce(nonce) : undefined;
}

export function provenMarkOf(request: FastifyRequest, publicUrl: string): string | undefined {
  return request.cookies[cookieNames(publicUrl).proven];
}

export function setProvenMark(reply: FastifyReply, publicUrl: string, mark: string): void {
  reply.setCookie(cookieNames(publicUrl).proven, mark, sessionCookieOptions(publicUrl, PROVEN_MS));
}
