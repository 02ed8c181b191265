/**
 * Under a message this side wrote, in the widget and in the console: sent, still sending, or not
 * sent with the reason and a Retry button (which resends it with the same client_id). Without
 * `onRetry` there is no Retry: the message can never be sent (its chat has ended).
 */
import { Check, CircleAlert, Clock } from "lucide-react";
import type { Delivery } from "./live-messages";

/** What a delivery state says: English in the console; the widget passes its active language's. */
export interface DeliveryWords {
  sent: string;
  sending: string;
  notSent: string;
  notSentBecause: (error: string) => string;
  retry: string;
}

export const englishDeliveryWords: DeliveryWords = {
  sent: "Sent",
  sending: "Sending…",
  notSent: "Not sent",
  notSentBecause: (error) => `Not sent: ${error}`,
  retry: "Retry",
};

export interface Delivered {
  delivery: Delivery;
  error?: string | undefined;
  clientId: string | null;
}

export function DeliveryState({
  message,
  onRetry,
  words = englishDeliveryWords,
}: {
  message: Delivered;
  onRetry?: ((clientId: string) => void) | undefined;
  words?: DeliveryWords;
}) {
  if (message.delivery === "sent") {
    return (
      <p className="flex items-center gap-1 text-xs text-muted">
        <Check aria-hidden="true" className="size-3.5" />
        {words.sent}
      </p>
    );
  }
  if (message.delivery === "sending") {
    return (
      <p className="flex items-center gap-1 text-xs text-muted">
        <Clock aria-hidden="true" className="size-3.5" />
        {words.sending}
      </p>
    );
  }
  const { clientId } = message;
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-2 text-xs font-semibold text-danger">
      <p className="flex items-center gap-1">
        <CircleAlert aria-hidden="true" className="size-3.5" />
        {message.error ? words.notSentBecause(message.error) : words.notSent}
      </p>
      {clientId && onRetry ? (
        <button
          type="button"
          className="min-h-6 rounded-full px-2 text-brand underline underline-offset-4 hover:text-ink"
          onClick={() => onRetry(clientId)}
        >
          {words.retry}
        </button>
      ) : null}
    </div>
  );
}
