/**
 * The support team's business hours: a weekly schedule in one IANA time zone, closed dates and the
 * message the widget shows while the team is away. The schema checks what an admin saves; the
 * functions answer "open now?", "open again when?" and "how much business time lies between two
 * instants?" over every opening period of a day, correctly across daylight-saving changes (see
 * zoned-time.ts).
 */
import { z } from "zod/mini";
import { addDays, formatDate, localParts, zonedInstant } from "./zoned-time";

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

const clockPattern = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export const weekdayNames: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** One opening period of a day, "09:00" to "12:00"; `close` may be "24:00" (midnight after). */
export interface OpenInterval {
  open: string;
  close: string;
}

/**
 * Up to four opening periods of one day (09:00-12:00 and 13:00-17:00), each with its start before
 * its end, none overlapping another. Every problem is reported on the period and time it concerns
 * (path `[index, "open" | "close"]`) and its message names the day and the period, so a 400's
 * `fields.weekly` says which one to fix and a form can put it beside that input.
 */
function dayScheduleSchema(day: Weekday) {
  const name = weekdayNames[day];
  return z.array(z.object({ open: z.string(), close: z.string() })).check(
    z.maxLength(
      businessHoursLimits.intervalsPerDay,
      `${name}: at most ${businessHoursLimits.intervalsPerDay} opening periods a day.`,
    ),
    z.superRefine((periods, ctx) => {
      const issue = (index: number, key: "open" | "close", text: string) =>
        ctx.addIssue({
          code: "custom",
          path: [index, key],
          message: `${name}, period ${index + 1}: ${text}`,
          input: periods[index],
        });
      const valid: { index: number; open: number; close: number }[] = [];
      periods.forEach((period, index) => {
        const openOk = clockPattern.test(period.open) && period.open !== "24:00";
        if (!openOk)
          issue(index, "open", "the opening time is written HH:MM, from 00:00 to 23:59.");
        if (!clockPattern.test(period.close)) {
          issue(index, "close", "the closing time is written HH:MM, from 00:01 to 24:00.");
        } else if (openOk && clockMinutes(period.close) <= clockMinutes(period.open)) {
          issue(index, "close", "the closing time must come after the opening time.");
        } else if (openOk) {
          valid.push({ index, open: clockMinutes(period.open), close: clockMinutes(period.close) });
        }
      });
      valid.sort((a, b) => a.open - b.open);
      valid.forEach((later, k) => {
        const earlier = valid[k - 1];
        if (earlier && later.open < earlier.close) {
          issue(
            later.index,
            "open",
            `it overlaps period ${earlier.index + 1}; periods must not overlap.`,
          );
        }
      });
    }),
  );
}

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
    mon: dayScheduleSchema("mon"),
    tue: dayScheduleSchema("tue"),
    wed: dayScheduleSchema("wed"),
    thu: dayScheduleSchema("thu"),
    fri: dayScheduleSchema("fri"),
    sat: dayScheduleSchema("sat"),
    sun: dayScheduleSchema("sun"),
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
  /**
   * Epoch ms when `open` next flips (the current period's end, or the next opening); null when it
   * does not within eight days. The widget asks again at that moment.
   */
  next_change_at: z.nullable(z.number()),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

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

/**
 * The next instant `isOpenAt` changes its answer after `atMs`: the end of the opening span running
 * now (periods that touch, 12:00-13:00 then 13:00-17:00 or 24:00 then 00:00, are one span) or
 * the next opening when closed. Null when hours are off or nothing changes within eight days
 * (open around the clock). The widget asks again then, so its header follows the schedule.
 */
export function nextChange(hours: BusinessHours, atMs: number): number | null {
  if (!hours.enabled) return null;
  if (!isOpenAt(hours, atMs)) return nextOpening(hours, atMs);
  const horizon = atMs + 8 * 86_400_000;
  let end = atMs;
  const spans = openingsBetween(hours, atMs, horizon).sort((a, b) => a.start - b.start);
  for (const iv of spans) {
    if (iv.start <= end && iv.end > end) end = iv.end;
  }
  return end >= horizon ? null : end;
}
