/**
 * The brand as the site prints it: every fact of @hourline/brand (the one place to change the
 * company), plus the values that differ per deployment (public origin, app URL). The build sets them
 * (VITE_PUBLIC_URL, VITE_APP_URL: stand-ins the server fills in, see islands-build.ts); elsewhere
 * (tests, the dev server) they come from the server's variables with the same defaults.
 */

import { brandFacts } from "@hourline/brand/brand-facts";
import { trimEndWhere } from "@hourline/contracts/text";

const env: Record<string, string | undefined> = typeof process === "undefined" ? {} : process.env;
// Vite replaces import.meta.env in the bundles; under plain Node (build scripts, tests) it is absent.
const viteEnv = (import.meta as { env?: Record<string, string | undefined> }).env;

function origin(value: string | undefined, fallback: string): string {
  return trimEndWhere(value ?? fallback, (c) => c === "/");
}

export const brand = {
  ...brandFacts,
  publicUrl: origin(
    viteEnv?.VITE_PUBLIC_URL ?? env.VITE_PUBLIC_URL ?? env.PUBLIC_URL,
    "http://localhost:3000",
  ),
  appUrl: origin(
    viteEnv?.VITE_APP_URL ?? env.VITE_APP_URL ?? env.APP_URL,
    "https://app.hourline.example",
  ),
} as const;

export type Brand = typeof brand;

export const appLinks = {
  signIn: `${brand.appUrl}/login`,
  signUp: `${brand.appUrl}/register`,
  forgotPassword: `${brand.appUrl}/forgot-password`,
} as const;

export function absoluteUrl(path: string): string {
  return `${brand.publicUrl}${path === "/" ? "/" : path}`;
}
