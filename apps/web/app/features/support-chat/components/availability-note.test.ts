import type { AvailabilityAnswer } from "@hourline/contracts/business-hours";
import { describe, expect, it } from "vitest";
import {
  availabilityCopy,
  availabilityRefreshMs,
  availabilityTexts,
  formatReturn,
  presenceNews,
  refetchDelay,
} from "./availability-note";

const now = Date.UTC(2026, 10, 27, 20, 0); // Friday 27 November 2026, 20:00 UTC
const answer = (over: Partial<AvailabilityAnswer>): AvailabilityAnswer => ({
  status: 200,
  open: true,
  agents_online: true,
  next_open_at: null,
  message: "",
  time_zone: "Asia/Kolkata",
  next_change_at: null,
  ...over,
});

describe("availabilityCopy", () => {
  it("invites a chat inside hours with someone online", () => {
    const copy = availabilityCopy(answer({}), { now });
    expect(copy).toEqual({ line: availabilityTexts.online, teamMessage: "", away: false });
  });

  it("says nobody is online inside hours when nobody is, and follows live presence", () => {
    expect(availabilityCopy(answer({ agents_online: false }), { now }).line).toBe(
      availabilityTexts.nobodyOnline,
    );
    expect(availabilityCopy(answer({}), { now, agentsOnline: false }).away).toBe(true);
    expect(
      availabilityCopy(answer({ agents_online: false }), { now, agentsOnline: true }).away,
    ).toBe(false);
  });

  it("outside hours says when the team is back in the visitor's zone, by e-mail, with the team's message", () => {
    const back = Date.UTC(2026, 10, 30, 3, 30); // Monday 09:00 in Kolkata
    const copy = availabilityCopy(
      answer({ open: false, next_open_at: back, message: "Closed for the weekend." }),
      { now, locale: "en-GB", timeZone: "Europe/Berlin" },
    );
    expect(copy.line).toBe(
      "The team is away until Monday, 04:30 CET. Leave a message and the reply will come by e-mail.",
    );
    expect(copy.teamMessage).toBe("Closed for the weekend.");
    expect(copy.away).toBe(true);
    // The same instant read by a visitor in New York.
    expect(formatReturn(back, now, "en-US", "America/New_York")).toBe("Sunday, 10:30 PM EST");
  });

  it("outside hours with no opening scheduled, and a date when the return is far off", () => {
    expect(availabilityCopy(answer({ open: false }), { now }).line).toBe(availabilityTexts.closed);
    const far = Date.UTC(2026, 11, 14, 3, 30);
    expect(formatReturn(far, now, "en-GB", "UTC")).toBe("Monday 14 December at 03:30 UTC");
  });

  it("makes no promise it cannot keep before the answer came", () => {
    expect(availabilityCopy(null, { now }).line).toBe(availabilityTexts.unknown);
    expect(availabilityCopy(null, { now }).line).not.toMatch(/hours/);
  });
});

describe("presenceNews", () => {
  it("says someone came when the notice goes away, and the notice again when all left", () => {
    const inside = { answer: answer({ agents_online: false }), at: now };
    expect(presenceNews(inside, false, true)).toBe(availabilityTexts.teamOnline);
    expect(presenceNews(inside, true, false)).toBe(availabilityTexts.nobodyOnline);
    // Before the hours are known the notice follows presence the same way.
    expect(presenceNews(null, false, true)).toBe(availabilityTexts.teamOnline);
    expect(presenceNews(null, true, false)).toBe(availabilityTexts.nobodyOnline);
  });

  it("says nothing outside hours, where the notice is the schedule's whoever is connected", () => {
    const closed = { answer: answer({ open: false }), at: now };
    expect(presenceNews(closed, false, true)).toBeNull();
    expect(presenceNews(closed, true, false)).toBeNull();
  });
});

describe("refetchDelay", () => {
  it("asks again just after the schedule's next change, or every few minutes", () => {
    expect(refetchDelay(answer({ next_change_at: now + 90_000 }), now)).toBe(91_000);
    expect(refetchDelay(answer({ open: false, next_change_at: now + 3600_000 }), now)).toBe(
      availabilityRefreshMs,
    );
    expect(refetchDelay(answer({ next_change_at: null }), now)).toBe(availabilityRefreshMs);
    // A change already past (a slow answer): soon, never in a tight loop.
    expect(refetchDelay(answer({ next_change_at: now - 60_000 }), now)).toBe(5_000);
  });
});
