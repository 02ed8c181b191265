/**
 * What the widget tells the visitor about the team being in, from GET /api/support/availability:
 * inside hours with someone online it invites a chat; inside hours with nobody online it says so;
 * outside hours it says when the team is back (in the visitor's own time, formatted by Intl) and
 * that the reply will come by e-mail, with the team's offline message when one is set. All the
 * wording lives in `availabilityTexts`.
 */
import type { AvailabilityAnswer } from "@hourline/contracts/business-hours";
import { useEffect, useState, useSyncExternalStore } from "react";
import { fetchAvailability } from "../api/fetch-availability";
import { chatLanguageStore, t } from "../i18n/chat-language";
import type { ChatSession } from "../model/chat-session";

/** In the widget's active language (i18n/chat-language.ts). */
export const availabilityTexts = {
  get unknown() {
    return t("availUnknown");
  },
  get online() {
    return t("availOnline");
  },
  get nobodyOnline() {
    return t("availNobody");
  },
  closedUntil: (when: string) => t("availClosedUntil", { when }),
  get closed() {
    return t("availClosed");
  },
  /** Told during a chat when an agent comes online (the notice goes away). */
  get teamOnline() {
    return t("announceTeamOnline");
  },
};

/** "Monday 09:00 CET"-style, in the visitor's zone and language; a date when more than 6 days on. */
export function formatReturn(epochMs: number, now: number, locale?: string, timeZone?: string) {
  const farOff = epochMs - now > 6 * 24 * 3600_000;
  return new Intl.DateTimeFormat(locale, {
    ...(farOff ? { day: "numeric", month: "long" } : {}),
    weekday: "long",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(epochMs));
}

export interface AvailabilityCopy {
  /** One sentence for the widget's header and the chat's notice. */
  line: string;
  /** The team's own offline message, shown below the line when the team is away. */
  teamMessage: string;
  /** True when the visitor should expect the reply by e-mail. */
  away: boolean;
}

/**
 * The copy for an availability answer. `agentsOnline` (the chat's live presence) overrides the
 * answer's figure once a conversation is running.
 */
export function availabilityCopy(
  answer: AvailabilityAnswer | null,
  options: { now: number; agentsOnline?: boolean | null; locale?: string; timeZone?: string },
): AvailabilityCopy {
  if (!answer) {
    if (options.agentsOnline === false) {
      return { line: availabilityTexts.nobodyOnline, teamMessage: "", away: true };
    }
    return { line: availabilityTexts.unknown, teamMessage: "", away: false };
  }
  if (!answer.open) {
    return {
      line:
        answer.next_open_at === null
          ? availabilityTexts.closed
          : availabilityTexts.closedUntil(
              formatReturn(
                answer.next_open_at,
                options.now,
                options.locale ?? chatLanguageStore.get().locale,
                options.timeZone,
              ),
            ),
      teamMessage: answer.message,
      away: true,
    };
  }
  const online = options.agentsOnline ?? answer.agents_online;
  return online
    ? { line: availabilityTexts.online, teamMessage: "", away: false }
    : { line: availabilityTexts.nobodyOnline, teamMessage: "", away: true };
}

/**
 * What the chat says when agents' presence changed from `before` to `after` during a chat: that
 * someone came (the notice went away), or the notice's line again when all left; null when the
 * notice stays as it was (outside hours the schedule's wording does not depend on who is in).
 */
export function presenceNews(
  availability: Availability | null,
  before: boolean,
  after: boolean,
): string | null {
  const answer = availability?.answer ?? null;
  const now = availability?.at ?? 0;
  const was = availabilityCopy(answer, { now, agentsOnline: before });
  const is = availabilityCopy(answer, { now, agentsOnline: after });
  if (was.away === is.away) return null;
  return is.away ? is.line : availabilityTexts.teamOnline;
}

const noSubscription = () => () => {};

/**
 * Whether an agent is online as the running chat last heard it (its presence frames), null without
 * a chat: the header's line and the chat's notice both follow it rather than the answer's figure.
 */
export function useLivePresence(session: ChatSession | null): boolean | null {
  const read = () => session?.getState().agentsOnline ?? null;
  return useSyncExternalStore(session?.subscribe ?? noSubscription, read, read);
}

/** An availability answer and when it came (the copy reads "now" from there, not from render). */
export interface Availability {
  answer: AvailabilityAnswer;
  at: number;
}

/**
 * Asked again at least this often while the widget is open, so a change an admin makes to the
 * hours reaches a widget left open (decision 0055).
 */
export const availabilityRefreshMs = 5 * 60_000;

/**
 * How long to wait before asking again: until just after the answer's `next_change_at` (the
 * running period ends, or the next one starts), and never longer than availabilityRefreshMs.
 */
export function refetchDelay(answer: AvailabilityAnswer, at: number): number {
  const untilChange =
    answer.next_change_at === null ? Infinity : answer.next_change_at - at + 1_000;
  return Math.max(5_000, Math.min(availabilityRefreshMs, untilChange));
}

/**
 * The availability answer while the widget is open: asked when it opens, again at the next
 * boundary of the schedule (or after availabilityRefreshMs) and when the tab comes back into view,
 * so the header follows the hours without a reload.
 */
export function useAvailability(open: boolean): Availability | null {
  const [answer, setAnswer] = useState<Availability | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    void fetchAvailability().then((next) => {
      if (!cancelled && next) setAnswer({ answer: next, at: Date.now() });
    });
    return () => {
      cancelled = true;
    };
  }, [open, round]);
  useEffect(() => {
    if (!open || !answer) return;
    const again = () => setRound((n) => n + 1);
    const timer = window.setTimeout(again, refetchDelay(answer.answer, answer.at));
    const onVisible = () => {
      if (document.visibilityState === "visible") again();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
    // `round` re-arms the timer after a failed fetch, which leaves `answer` as it was.
  }, [open, answer, round]);
  return answer;
}

/** The notice inside the chat and the form: the line, and the team's message when away. */
export function AvailabilityNote({ copy }: { copy: AvailabilityCopy }) {
  return (
    <div
      data-testid="chat-availability"
      className={
        copy.away
          ? "border-b border-line bg-accent-soft px-4 py-2.5 text-sm text-ink"
          : "border-b border-line px-4 py-2.5 text-sm text-ink"
      }
    >
      <p>{copy.line}</p>
      {copy.teamMessage ? <p className="mt-1 whitespace-pre-line">{copy.teamMessage}</p> : null}
    </div>
  );
}
