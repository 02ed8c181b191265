/**
 * The support team's business hours: a weekly schedule in one IANA time zone, closed dates and the
 * message the widget shows while the team is away. The schema checks what an admin saves; the
 * functions answer "open now?", "open again when?" and "how much business time lies between two
 * instants?" correctly across daylight-saving changes (wall-clock times are turned into instants
 * with the zone's offset at that moment, never by adding 24 hours).
 */
import { z } from "zod/mini";

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

export const businessHoursLimits = {
  intervalsPerDay: 4,
  closedDates: 366,
  offlineMessage: 500,
} as const;

/** "HH:MM" from 00:00 to 24:00, as minutes after midnight. */
export function clockMinutes(clock: string): number {
  const [h, m] = clock.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

const clockSchema = z
  .string({ error: "A time is written HH:MM." })
  .check(
    z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, "A time is written HH:MM, from 00:00 to 24:00."),
  );

export const openIntervalSchema = z.object({ open: clockSchema, close: clockSchema }).check(
  z.refine((v) => clockMinutes(v.close) > clockMinutes(v.open), {
    error: "Closing time must come after opening time.",
  }),
);
export type OpenInterval = z.infer<typeof openIntervalSchema>;

const dayScheduleSchema = z.array(openIntervalSchema).check(
  z.maxLength(businessHoursLimits.intervalsPerDay, "At most 4 opening periods a day."),
  z.refine(
    (day) => {
      const sorted = [...day].sort((a, b) => clockMinutes(a.open) - clockMinutes(b.open));
      return sorted.every(
        (iv, i) =>
          i === 0 || clockMinutes(iv.open) >= clockMinutes((sorted[i - 1] as OpenInterval).close),
      );
    },
    { error: "A day's opening periods must not overlap." },
  ),
);

/** True when `zone` is a time zone this runtime knows (Area/City, or UTC). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: "Choose a time zone such as Asia/Kolkata." })
  .check(z.refine(isTimeZone, { error: "Choose a time zone such as Asia/Kolkata." }));

const isoDate = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** A calendar date, YYYY-MM-DD, that exists (no 31 February). */
export function isCalendarDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const calendarDateSchema = z
  .string({ error: "A date is written YYYY-MM-DD." })
  .check(z.refine(isCalendarDate, { error: "A date is written YYYY-MM-DD and must exist." }));

export const businessHoursSchema = z.object({
  /** Off: the team is "open" whenever someone is online, and reports count clock time. */
  enabled: z.boolean({ error: "enabled must be true or false." }),
  time_zone: timeZoneSchema,
  weekly: z.object({
    mon: dayScheduleSchema,
    tue: dayScheduleSchema,
    wed: dayScheduleSchema,
    thu: dayScheduleSchema,
    fri: dayScheduleSchema,
    sat: dayScheduleSchema,
    sun: dayScheduleSchema,
  }),
  closed_dates: z
    .array(calendarDateSchema)
    .check(z.maxLength(businessHoursLimits.closedDates, "At most 366 closed dates.")),
  offline_message: z
    .string({ error: "The offline message is text." })
    .check(
      z.trim(),
      z.maxLength(
        businessHoursLimits.offlineMessage,
        "Please keep the offline message to 500 characters or fewer.",
      ),
    ),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** What a team has before an admin sets anything: no schedule, so never "out of hours". */
export const defaultBusinessHours: BusinessHours = {
  enabled: false,
  time_zone: "UTC",
  weekly: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  closed_dates: [],
  offline_message: "",
};

export const businessHoursAnswerSchema = z.object({
  status: z.literal(200),
  business_hours: businessHoursSchema,
});
export type BusinessHoursAnswer = z.infer<typeof businessHoursAnswerSchema>;

/** GET /api/support/availability */
export const availabilityAnswerSchema = z.object({
  status: z.literal(200),
  /** Inside business hours (always true when no hours are set). */
  open: z.boolean(),
  agents_online: z.boolean(),
  /** Epoch ms of the next opening when closed; null when open or when no opening is scheduled. */
  next_open_at: z.nullable(z.number()),
  /** The team's offline message when closed (the widget's own wording when empty); "" when open. */
  message: z.string(),
  /** The schedule's zone, so the widget can say "back at 09:00 (Asia/Kolkata)" when it wants. */
  time_zone: z.string(),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Time-zone arithmetic

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

function weekdayOf(d: { year: number; month: number; day: number }): Weekday {
  // getUTCDay: 0 is Sunday.
  const index = (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7;
  return weekdays[index] as Weekday;
}

/** The opening periods of one local date as instants, in order; none on a closed date. */
export function openingsOn(
  hours: BusinessHours,
  date: { year: number; month: number; day: number },
): { start: number; end: number }[] {
  if (hours.closed_dates.includes(formatDate(date))) return [];
  return [...hours.weekly[weekdayOf(date)]]
    .sort((a, b) => clockMinutes(a.open) - clockMinutes(b.open))
    .map((iv) => ({
      start: zonedInstant(date, clockMinutes(iv.open), hours.time_zone),
      end: zonedInstant(date, clockMinutes(iv.close), hours.time_zone),
    }))
    .filter((iv) => iv.end > iv.start);
}

/** Every opening period that overlaps [fromMs, toMs), in order (a day before, for late closes). */
export function openingsBetween(
  hours: BusinessHours,
  fromMs: number,
  toMs: number,
): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const p = localParts(fromMs, hours.time_zone);
  let date = addDays({ year: p.year, month: p.month, day: p.day }, -1);
  // Two days of margin either side of the span; a day is 23 to 25 hours long.
  const lastDay = Math.ceil((toMs - fromMs) / 86_400_000) + 3;
  for (let i = 0; i <= lastDay; i += 1) {
    for (const iv of openingsOn(hours, date)) {
      if (iv.end > fromMs && iv.start < toMs) out.push(iv);
    }
    date = addDays(date, 1);
  }
  return out;
}

/** Whether the schedule is open at `atMs` (always, when hours are not enabled). */
export function isOpenAt(hours: BusinessHours, atMs: number): boolean {
  if (!hours.enabled) return true;
  return openingsBetween(hours, atMs, atMs + 1).some((iv) => iv.start <= atMs && atMs < iv.end);
}

/**
 * The next instant the schedule opens after `atMs` (when closed then), looking a year and a bit
 * ahead; null when hours are off, when open now, or when nothing opens in that time.
 */
export function nextOpening(hours: BusinessHours, atMs: number): number | null {
  if (!hours.enabled || isOpenAt(hours, atMs)) return null;
  const p = localParts(atMs, hours.time_zone);
  let date = { year: p.year, month: p.month, day: p.day };
  for (let i = 0; i < 400; i += 1) {
    for (const iv of openingsOn(hours, date)) {
      if (iv.start > atMs) return iv.start;
    }
    date = addDays(date, 1);
  }
  return null;
}

/** Milliseconds of [fromMs, toMs) that fall inside opening periods. */
export function businessMsBetween(hours: BusinessHours, fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return 0;
  if (!hours.enabled) return toMs - fromMs;
  let total = 0;
  for (const iv of openingsBetween(hours, fromMs, toMs)) {
    total += Math.max(0, Math.min(iv.end, toMs) - Math.max(iv.start, fromMs));
  }
  return total;
}
