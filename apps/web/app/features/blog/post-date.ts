const format = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "14 October 2026": the same in the prerendered HTML and in every browser time zone. */
export function formatPostDate(isoDate: string): string {
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}
