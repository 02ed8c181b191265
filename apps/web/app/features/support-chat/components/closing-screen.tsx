/**
 * After the visitor ended the chat: that it ended, where the transcript goes (or that none was
 * asked for), and a way to start a new chat, which takes focus (the End chat button that had it
 * is gone).
 */
import { CircleCheck, MessageSquarePlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { brand } from "~/brand";
import { formatChatTime, t } from "../i18n/chat-language";

/** Every word of the closing screen (and of the ended notice), in the widget's active language. */
export const closingTexts = {
  get heading() {
    return t("closedHeading");
  },
  endedAt: (time: string) => t("endedAt", { time }),
  endedByAgent: (time: string) => t("endedByAgent", { brand: brand.name, time }),
  transcript: (email: string) => t("transcript", { email }),
  transcriptAhead: (email: string) => t("transcriptAhead", { email }),
  get noTranscript() {
    return t("noTranscript");
  },
  get noTranscriptAhead() {
    return t("noTranscriptAhead");
  },
  get startNew() {
    return t("startNew");
  },
};

/**
 * What happens to the transcript: in the closing screen and the support-ended notice, or `ahead`
 * of ending, in the confirmation.
 */
export function transcriptNote(transcript: boolean, email: string, ahead = false): string {
  if (ahead)
    return transcript ? closingTexts.transcriptAhead(email) : closingTexts.noTranscriptAhead;
  return transcript ? closingTexts.transcript(email) : closingTexts.noTranscript;
}

export function ClosingScreen({
  endedAt,
  email,
  transcript,
  onStartNew,
}: {
  endedAt: number;
  email: string;
  transcript: boolean;
  onStartNew: () => void;
}) {
  const startNew = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    startNew.current?.focus();
  }, []);
  return (
    <section aria-labelledby="chat-closed-title" className="space-y-3 p-5">
      <h3 id="chat-closed-title" className="flex items-center gap-2 text-lg font-bold text-ink">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-teal" />
        {closingTexts.heading}
      </h3>
      {/* Read with the button that takes focus, as a notice inserted filled may not be. */}
      <p id="chat-closed-note" className="text-ink">
        {closingTexts.endedAt(formatChatTime(endedAt))} {transcriptNote(transcript, email)}
      </p>
      <button
        ref={startNew}
        type="button"
        aria-describedby="chat-closed-note"
        className="btn btn-primary w-full"
        onClick={onStartNew}
      >
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        {closingTexts.startNew}
      </button>
    </section>
  );
}
