/**
 * Times as an agent reads them in a list: how long someone has waited ("under a minute", "4 min",
 * "2 h 5 min", "3 days") and when something happened ("15:42", "3 Nov, 15:42").
 */
import { toMillis } from "~/lib/live-chat/clock-time";

export function elapsed(since: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - toMillis(since)) / 1000));
  if (seconds < 60) return "under a minute";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day" : `${days} days`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "time" | "date" | "year"): Intl.DateTimeFormat {
  let f = formats.get(kind);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, {
      hour: "numeric",
      minute: "2-digit",
      ...(kind === "time" ? {} : { day: "numeric", month: "short" }),
      ...(kind === "year" ? { year: "numeric" } : {}),
    });
    formats.set(kind, f);
  }
  return f;
}

function format(kind: "time" | "date" | "year", at: Date): string {
  return formatter(kind).format(at);
}

/**
 * Builds the lists' formats ahead of their first row, in a task of its own: the page's first
 * `Intl.DateTimeFormat` loads the locale's data, which on a slow phone took longer than drawing
 * all the rows, inside the task that draws them. Returns a way to call it off.
 */
export function prepareTimeFormats(): () => void {
  const timer = setTimeout(() => {
    formatter("time");
    formatter("date");
  }, 0);
  return () => clearTimeout(timer);
}

/** A time today as "15:42", another day as "3 Nov, 15:42", in the agent's own locale and zone. */
export function shortDateTime(time: number, now = Date.now()): string {
  const at = new Date(toMillis(time));
  const today = new Date(now);
  if (at.toDateString() === today.toDateString()) return format("time", at);
  return format(at.getFullYear() === today.getFullYear() ? "date" : "year", at);
}
