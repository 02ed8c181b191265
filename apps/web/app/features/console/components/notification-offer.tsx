/** The sidebar's offer to turn on desktop notifications, until the agent answers it. */
import { Bell, X } from "lucide-react";

export default function NotificationOffer({
  onEnable,
  onDismiss,
}: {
  onEnable: () => void;
  onDismiss: () => void;
}) {
  return (
    <section
      aria-labelledby="notification-offer-title"
      className="offer-slot relative rounded-xl border border-line bg-sunken p-3 text-sm"
    >
      <h2
        id="notification-offer-title"
        className="flex items-center gap-2 pr-8 font-semibold text-ink"
      >
        <Bell aria-hidden="true" className="size-4 shrink-0" />
        Desktop notifications
      </h2>
      <p className="mt-1 text-muted">
        Get a notification when a visitor writes while this tab is in the background.
      </p>
      <button
        type="button"
        className="btn btn-primary mt-2 min-h-9 px-3 py-1.5 text-sm"
        onClick={onEnable}
      >
        Turn on
      </button>
      <button
        type="button"
        className="absolute top-2 right-2 grid size-8 place-items-center rounded-full text-muted hover:bg-surface hover:text-ink"
        aria-label="Not now"
        onClick={onDismiss}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
