/**
 * "How did we do?" after a chat ends: five choices (a radio group, so arrows move between them)
 * and an optional comment, sent once with the token the end frame carried.
 */
import { ratingLabels, ratingLimits } from "@hourline/contracts/support-rating";
import { useId, useState, type FormEvent } from "react";
import { rateChat } from "../api/rate-chat";

export function ChatRating({ token }: { token: string }) {
  const id = useId();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state !== "idle") return;
    if (score === null) {
      setProblem("Choose a score from 1 to 5.");
      return;
    }
    setState("sending");
    setProblem(null);
    const result = await rateChat(token, score, comment);
    if (result.ok) setState("sent");
    else {
      setState("idle");
      setProblem(result.message);
    }
  }

  if (state === "sent") {
    return (
      <p role="status" className="mt-3 text-sm font-semibold text-ink">
        Thank you for your rating.
      </p>
    );
  }
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-3 space-y-2">
      <fieldset>
        <legend className="font-semibold text-ink">How did we do?</legend>
        <div className="mt-1 flex gap-1">
          {ratingLabels.map((label, i) => (
            <label
              key={label}
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
        Anything to add? (optional)
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
        Send rating
      </button>
    </form>
  );
}
