/**
 * Every brand fact the site and the e-mails print. Change the company here and nowhere else.
 * Values that differ per deployment (public origin, app URL) are read at build time from the
 * environment, with the same names and defaults as the server's configuration.
 */

import { trimEndWhere } from "@hourline/contracts/text";

const env: Record<string, string | undefined> = typeof process === "undefined" ? {} : process.env;
// Vite replaces import.meta.env in the bundles; under plain Node (build scripts, tests) it is absent.
const viteEnv = (import.meta as { env?: Record<string, string | undefined> }).env;

function origin(value: string | undefined, fallback: string): string {
  return trimEndWhere(value ?? fallback, (c) => c === "/");
}

export const brand = {
  name: "Hourline",
  legalName: "Hourline Software Private Limited",
  tagline: "Projects, time and people in one calm workspace",
  domain: "hourline.example",
  publicUrl: origin(viteEnv?.VITE_PUBLIC_URL ?? env.PUBLIC_URL, "http://localhost:3000"),
  appUrl: origin(viteEnv?.VITE_APP_URL ?? env.APP_URL, "https://app.hourline.example"),
  supportEmail: "support@hourline.example",
  careersEmail: "careers@hourline.example",
  phone: { display: "+91 20 4120 7788", href: "tel:+912041207788" },
  address: {
    street: "5th Floor, Raheja Towers, Bund Garden Road",
    locality: "Pune",
    region: "Maharashtra",
    postalCode: "411001",
    country: "India",
    countryCode: "IN",
  },
  /** Pune city centre; the contact map opens here at zoom 10. */
  map: { lat: 18.5204, lng: 73.8567, zoom: 10 },
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.com/company/hourline" },
    { name: "X", href: "https://x.com/hourlinehq" },
    { name: "YouTube", href: "https://www.youtube.com/@hourline" },
    { name: "Instagram", href: "https://www.instagram.com/hourlinehq" },
  ],
  /**
   * YouTube video ids of the product videos on the official channel, played from
   * youtube-nocookie.com only after a visitor presses play. Titles and descriptions are in
   * content/videos.ts.
   */
  videos: {
    overview: "Hq7ZpL3vTn4",
    boards: "bK2mWd8sR1c",
    sprints: "sP4rT9nQe2A",
    timeTracker: "tT6kLm3Vx8w",
    approvals: "aP1vR7cHj5Q",
    attendance: "aT3nD8kWq0E",
    leave: "lV5eQ2pRs9M",
    files: "fL7mN4gTz6K",
    assets: "aS9tK1wBv3Y",
  },
  /** Support promise shown by the chat and the help page. */
  supportReplyHours: 2,
  /** The one "New" badge shown in the header, the mega-menu and the feature heroes. */
  announcement: {
    label: "New",
    text: "Assets & inventory: track stock, warranties and who holds what",
    href: "/assets-and-inventory",
  },
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
