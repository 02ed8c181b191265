/** Server times are milliseconds; a value in seconds is recognised and converted. */
export function toMillis(time: number): number {
  return time < 1e12 ? time * 1000 : time;
}

let clock: Intl.DateTimeFormat | null = null;

/** A time of day in the visitor's own locale and zone: "3:42 PM", "15:42". */
export function formatClockTime(time: number): string {
  clock ??= new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });
  return clock.format(new Date(toMillis(time)));
}

export function isoTime(time: number): string {
  return new Date(toMillis(time)).toISOString();
}
