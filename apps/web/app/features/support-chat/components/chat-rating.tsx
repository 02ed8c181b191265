/**
 * "How did we do?" after a chat ends: five choices (a radio group, so arrows move between them)
 * and an optional comment, sent once with the token the end frame carried. Until it is sent or
 * dismissed ("Not now"), the token stays in this tab's storage and the question comes back after a
 * reload (model/chat-storage.ts).
 */
import { ratingLimits } from "@hourline/contracts/support-rating";
import { useId, useState, type FormEvent } from "react";
import { tabStorage } from "~/lib/live-chat/browser-storage";
import { rateChat } from "../api/rate-chat";
import { t } from "../i18n/chat-language";
import { savePendingRating } from "../model/chat-storage";

export const chatRatingTexts = {
  get question() {
    return t("ratingQuestion");
  },
  get comment() {
    return t("ratingComment");
  },
  get send() {
    return t("ratingSend");
  },
  get dismiss() {
    return t("ratingDismiss");
  },
  get chooseScore() {
    return t("ratingChoose");
  },
  get thanks() {
    return t("ratingThanks");
  },
  /** What the five choices say, worst to best. */
  get labels() {
    return [t("rating1"), t("rating2"), t("rating3"), t("rating4"), t("rating5")];
  },
};

export function ChatRating({ token }: { token: string }) {
  const id = useId();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent" | "dismissed">("idle");
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state !== "idle") return;
    if (score === null) {
      setProblem(chatRatingTexts.chooseScore);
      return;
    }
    setState("sending");
    setProblem(null);
    const result = await rateChat(token, score, comment);
    if (result.ok) {
      savePendingRating(tabStorage(), null);
      setState("sent");
    } else {
      setState("idle");
      setProblem(result.message);
    }
  }

  if (state === "sent") {
    return (
      <p role="status" className="mt-3 text-sm font-semibold text-ink">
        {chatRatingTexts.thanks}
      </p>
    );
  }
  if (state === "dismissed") return null;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-3 space-y-2">
      <fieldset>
        <legend className="font-semibold text-ink">{chatRatingTexts.question}</legend>
        <div className="mt-1 flex gap-1">
          {chatRatingTexts.labels.map((label, i) => (
            <label
              key={i}
              className="flex flex-1 cursor-pointer flex-col items-center rounded-lg border border-line p-1 text-xs has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <input
                type="radio"
                name={`${id}-score`}
                value={i + 1}
                checked={score === i + 1}
                onChange={() => setScore(i + 1)}
                className="accent-brand"
              />
              <span className="font-semibold text-ink">{i + 1}</span>
              <span className="text-muted">{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-comment`} className="block text-sm text-ink">
        {chatRatingTexts.comment}
      </label>
      <textarea
        id={`${id}-comment`}
        rows={2}
        maxLength={ratingLimits.comment}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        className="block w-full rounded-lg border border-muted/70 bg-surface px-3 py-2 text-sm text-ink"
      />
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-secondary w-full"
        aria-disabled={state !== "idle" || undefined}
      >
        {chatRatingTexts.send}
      </button>
      <button
        type="button"
        className="mx-auto block min-h-6 text-sm font-semibold text-brand underline underline-offset-4 hover:text-ink"
        onClick={() => {
          savePendingRating(tabStorage(), null);
          setState("dismissed");
        }}
      >
        {chatRatingTexts.dismiss}
      </button>
    </form>
  );
}
