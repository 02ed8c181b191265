/**
 * Wall-clock arithmetic in an IANA time zone, with nothing but Intl: the reading at an instant, the
 * zone's offset, and the instant a wall-clock time names on a date, correct across daylight-saving
 * changes (wall-clock times are turned into instants with the zone's offset at that moment, never
 * by adding 24 hours). Business hours and the reports' date ranges are built on it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading in `zone` at `epochMs`. */
export function localParts(epochMs: number, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(epochMs))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const part = (name: string) => parts[name] ?? 0;
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour") % 24,
    minute: part("minute"),
    second: part("second"),
  };
}

/** The zone's offset from UTC at `epochMs`, in ms (Asia/Kolkata: +5.5 h). */
export function zoneOffsetMs(epochMs: number, zone: string): number {
  const p = localParts(epochMs, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant when the wall clock in `zone` reads `minutes` after midnight of the date. A reading
 * that a fall-back repeats maps to its first occurrence; one that a spring-forward skips is moved
 * forward by the gap (02:30 on a day the clock jumps from 02:00 to 03:00 becomes 03:30), as
 * Temporal's "compatible" disambiguation does.
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  minutes: number,
  zone: string,
): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * 60_000;
  const before = zoneOffsetMs(wall - 86_400_000, zone);
  const after = zoneOffsetMs(wall + 86_400_000, zone);
  const candidates = [wall - before, wall - after].sort((a, b) => a - b);
  for (const t of candidates) {
    if (t + zoneOffsetMs(t, zone) === wall) return t;
  }
  return wall - before;
}

/** YYYY-MM-DD of a date. */
export function formatDate(d: { year: number; month: number; day: number }): string {
  return `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

/** The calendar date `days` after this one. */
export function addDays(
  d: { year: number; month: number; day: number },
  days: number,
): { year: number; month: number; day: number } {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function parseDate(value: string): { year: number; month: number; day: number } {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}
