/**
 * What the report's SQL needs from the zone rules, which only the runtime knows: where a date
 * range starts and ends in the lead's zone, the periods in which that zone's offset is constant,
 * and the team's opening periods as instants. Daylight-saving changes are found by comparing the
 * offset a day apart and then halving the interval down to the millisecond.
 */
import { openingsBetween, type BusinessHours } from "@hourline/contracts/business-hours";
import {
  addDays,
  formatDate,
  parseDate,
  zonedInstant,
  zoneOffsetMs,
} from "@hourline/contracts/zoned-time";
import type { ReportSpan } from "../repositories/support-reports";

const DAY_MS = 86_400_000;

/** [start, end) pieces of [fromMs, toMs) with the zone's offset in each. */
export function offsetPeriods(
  zone: string,
  fromMs: number,
  toMs: number,
): { start: number; end: number; offsetMs: number }[] {
  const periods: { start: number; end: number; offsetMs: number }[] = [];
  let start = fromMs;
  let offset = zoneOffsetMs(start, zone);
  let probe = start;
  while (probe < toMs) {
    const next = Math.min(probe + DAY_MS, toMs);
    const nextOffset = zoneOffsetMs(next, zone);
    if (nextOffset !== offset) {
      // The change lies in (probe, next]: find the first instant with the new offset.
      let lo = probe;
      let hi = next;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (zoneOffsetMs(mid, zone) === offset) lo = mid;
        else hi = mid;
      }
      periods.push({ start, end: hi, offsetMs: offset });
      start = hi;
      offset = zoneOffsetMs(hi, zone);
    }
    probe = next;
  }
  periods.push({ start, end: toMs, offsetMs: offset });
  return periods;
}

export interface ReportRange {
  fromMs: number;
  toMs: number;
  /** Every local date of the range, in order, with its day number (days since 1970-01-01). */
  dates: { date: string; dayNumber: number }[];
}

/** The instants of local midnight before `from` and after `to`, in the zone. */
export function reportRange(from: string, to: string, zone: string): ReportRange {
  const first = parseDate(from);
  const last = parseDate(to);
  const dates: { date: string; dayNumber: number }[] = [];
  for (let d = first; formatDate(d) <= to; d = addDays(d, 1)) {
    dates.push({
      date: formatDate(d),
      dayNumber: Math.floor(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS),
    });
  }
  return {
    fromMs: zonedInstant(first, 0, zone),
    toMs: zonedInstant(addDays(last, 1), 0, zone),
    dates,
  };
}

export function reportSpan(
  range: ReportRange,
  zone: string,
  hours: BusinessHours | null,
): ReportSpan {
  return {
    fromMs: range.fromMs,
    toMs: range.toMs,
    periods: offsetPeriods(zone, range.fromMs, range.toMs),
    openings:
      hours && hours.enabled
        ? (untilMs) => openingsBetween(hours, range.fromMs, Math.max(untilMs + 1, range.fromMs + 1))
        : null,
  };
}
