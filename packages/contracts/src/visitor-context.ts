/**
 * What the widget can know of a visitor without tracking them: the page they opened the chat on,
 * the same-origin pages they have visited since in this tab (paths only), their browser and device
 * class, and their time zone. Nothing comes from third parties. Every value is cleaned rather than
 * refused: a hostile or odd value is dropped, never an error that would lose the chat.
 */
import { z } from "zod/mini";
import { cleanPagePath, visitorContextLimits } from "./visited-pages";

export { cleanPagePath, visitorContextLimits } from "./visited-pages";

export const deviceClasses = ["desktop", "mobile", "tablet"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** An IANA time zone the runtime knows, in its canonical spelling, or undefined. */
export function cleanTimeZone(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > visitorContextLimits.timeZoneLength) {
    return undefined;
  }
  if (!/^[a-z][\w+\-/]*$/i.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The visited paths, newest last, without repeats in a row, at most the limit. */
export function cleanPagePaths(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const paths: string[] = [];
  // Only the newest entries matter; a huge array is not walked.
  for (const item of value.slice(-visitorContextLimits.pages * 2)) {
    const path = cleanPagePath(item);
    if (path !== undefined && paths.at(-1) !== path) paths.push(path);
  }
  return paths.slice(-visitorContextLimits.pages);
}

/** A browser name and major version as describeUserAgent writes it, e.g. "Chrome 131". */
const BROWSER_LABEL = /^[a-z][a-z ]{0,23}(?: \d{1,4})?$/i;

export interface VisitorContext {
  opened_on?: string;
  pages?: string[];
  browser?: string;
  device?: DeviceClass;
  time_zone?: string;
}

/** Keeps what is valid of a context the widget sent (or the database held); drops the rest. */
export function cleanVisitorContext(value: unknown): VisitorContext {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const input = value as Record<string, unknown>;
  const context: VisitorContext = {};
  const openedOn = cleanPagePath(input.opened_on);
  if (openedOn) context.opened_on = openedOn;
  const pages = cleanPagePaths(input.pages);
  if (pages.length > 0) context.pages = pages;
  if (typeof input.browser === "string" && BROWSER_LABEL.test(input.browser)) {
    context.browser = input.browser;
  }
  if (deviceClasses.includes(input.device as DeviceClass)) {
    context.device = input.device as DeviceClass;
  }
  const timeZone = cleanTimeZone(input.time_zone);
  if (timeZone) context.time_zone = timeZone;
  return context;
}

/** The context in a request body: anything goes in, only clean values come out. */
export const visitorContextInputSchema = z.pipe(z.unknown(), z.transform(cleanVisitorContext));

/** The context as the server answers it. */
export const visitorContextSchema = z.object({
  opened_on: z.optional(z.string()),
  pages: z.optional(z.array(z.string())),
  browser: z.optional(z.string()),
  device: z.optional(z.enum(deviceClasses)),
  time_zone: z.optional(z.string()),
});

const BROWSERS: [RegExp, string][] = [
  // Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\bFirefox\/(\d+)/, "Firefox"],
  [/\bFxiOS\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/\bChrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)(?:\.\d+)* (?:Mobile\/\S+ )?Safari\//, "Safari"],
];

/**
 * The browser ("Chrome 131") and device class of a User-Agent header. Coarse on purpose: a name,
 * a major version and one of three classes, nothing that tells one visitor from another; {} for
 * a browser it does not know.
 */
export function describeUserAgent(userAgent: string | undefined): {
  browser?: string;
  device?: DeviceClass;
} {
  if (!userAgent) return {};
  const ua = userAgent.slice(0, 512);
  let browser: string | undefined;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const device: DeviceClass =
    /\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua))
      ? "tablet"
      : /\bMobi|\biPhone\b|\bAndroid\b/.test(ua)
        ? "mobile"
        : "desktop";
  // An agent or tool the list does not know: no guess at its device either.
  return browser ? { browser, device } : {};
}

/** The context kept as JSON on a conversation, cleaned again on the way out; {} when none. */
export function storedVisitorContext(json: string | null): VisitorContext {
  if (json === null) return {};
  try {
    return cleanVisitorContext(JSON.parse(json));
  } catch {
    return {};
  }
}
