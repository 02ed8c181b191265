/**
 * The Reports screen's arithmetic, apart from React: the range it opens on, the period before a
 * range (for the comparison), and figures in words ("1 min 5 s", "+20%").
 */
import { addDays, formatDate, localParts, parseDate } from "@hourline/contracts/zoned-time";

export interface DateRange {
  from: string;
  to: string;
}

/** The last `days` days up to and including today in the zone. */
export function lastDays(days: number, zone: string, now = Date.now()): DateRange {
  const p = localParts(now, zone);
  const today = { year: p.year, month: p.month, day: p.day };
  return { from: formatDate(addDays(today, 1 - days)), to: formatDate(today) };
}

/** How many days a range covers, both ends included. */
export function rangeDays(range: DateRange): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
}

/** The range of the same length that ends the day before this one starts. */
export function previousRange(range: DateRange): DateRange {
  const days = rangeDays(range);
  const from = parseDate(range.from);
  return { from: formatDate(addDays(from, -days)), to: formatDate(addDays(from, -1)) };
}

/** Seconds as a person reads them: "42 s", "3 min 5 s", "2 h 10 min", "1 d 4 h"; "–" for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "–";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return rest ? `${Math.floor(s / 60)} min ${rest} s` : `${s / 60} min`;
  }
  if (s < 86_400) {
    const minutes = Math.round((s % 3600) / 60);
    return minutes ? `${Math.floor(s / 3600)} h ${minutes} min` : `${Math.floor(s / 3600)} h`;
  }
  const hours = Math.round((s % 86_400) / 3600);
  return hours ? `${Math.floor(s / 86_400)} d ${hours} h` : `${Math.floor(s / 86_400)} d`;
}

/** The change from the previous period in percent ("+20%", "−5%", "no change"); null when unknown. */
export function percentChange(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? "no change" : null;
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return "no change";
  return pct > 0 ? `+${pct}%` : `−${Math.abs(pct)}%`;
}
