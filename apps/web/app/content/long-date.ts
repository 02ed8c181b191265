/**
 * Dates as the legal pages and the blog print them ("March 28, 2023", in the American order the site is written in), identical at build time and
 * in every browser time zone.
 */
const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function formatLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new Error(`Not an ISO date: ${isoDate}`);
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st... */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffixes: Record<number, string> = { 1: "st", 2: "nd", 3: "rd" };
  return `${n}${tens >= 11 && tens <= 13 ? "th" : (suffixes[n % 10] ?? "th")}`;
}
