/**
 * An ended chat as the visitor sees it, in the live panel and, after a reload, while its rating
 * is still asked: who ended it and when, what happens to the transcript, "How did we do?" while a
 * rating token is held, and the way to a new chat, which the button's description repeats.
 */
import { CircleStop, MessageSquarePlus } from "lucide-react";
import type { Ref } from "react";
import { formatChatTime } from "../i18n/chat-language";
import { ChatRating } from "./chat-rating";
import { closingTexts } from "./closing-screen";

export function EndedNotice({
  id,
  by,
  at,
  note,
  ratingToken,
  onStartNew,
  ref,
}: {
  /** The notice's id, which the button's aria-describedby names. */
  id: string;
  by: "agent" | "visitor";
  at: number;
  /** What happens to the transcript, when known. */
  note?: string;
  ratingToken?: string | undefined;
  onStartNew: () => void;
  /** The "Start a new chat" button, for a caller that moves focus to it. */
  ref?: Ref<HTMLButtonElement>;
}) {
  const time = formatChatTime(at);
  return (
    <>
      <p
        id={id}
        className="flex gap-2 rounded-xl border border-danger bg-surface p-3 font-semibold text-danger"
      >
        <CircleStop aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          {by === "agent" ? closingTexts.endedByAgent(time) : closingTexts.endedAt(time)}
          {note ? ` ${note}` : null}
        </span>
      </p>
      {ratingToken ? <ChatRating token={ratingToken} /> : null}
      <button
        ref={ref}
        type="button"
        aria-describedby={id}
        className="btn btn-primary mt-3 w-full"
        onClick={onStartNew}
      >
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        {closingTexts.startNew}
      </button>
    </>
  );
}
