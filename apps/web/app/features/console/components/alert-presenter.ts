/**
 * What the console does with an alert heard while the agent looks elsewhere: what it becomes
 * (alert-delivery.ts), which tab speaks for it (alert-claim.ts), then the chime and the desktop
 * notification in that tab. Loaded with the first alert, not with the console's first screen.
 */
import { alertKey, claimAlert } from "../model/alert-claim";
import { deliverAlert, type AlertDelivery } from "../model/alert-delivery";
import type { AlertPreferences, NotificationAccess } from "../model/alert-preferences";
import { playChime } from "../model/chime";
import type { ConsoleAlert } from "../model/console-alerts";
import { conversationPath } from "./console-paths";

/** The chime and the notification, in the one tab that speaks for the others. */
function present(delivery: AlertDelivery, open: (path: string) => void) {
  if (delivery.sound) playChime();
  const shown = delivery.notification;
  if (shown) {
    const notification = new Notification(shown.title, {
      body: shown.body,
      tag: shown.tag,
    });
    notification.onclick = () => {
      window.focus();
      open(conversationPath(shown.conversationId));
      notification.close();
    };
  }
}

/** `visible` and `access` as they were when the alert was heard. */
export async function presentAlert(
  alert: ConsoleAlert,
  context: {
    visible: boolean;
    prefs: AlertPreferences;
    access: NotificationAccess;
    open: (path: string) => void;
  },
): Promise<void> {
  const delivery = deliverAlert(alert, context);
  if (!delivery) return;
  // Every tab hears the event; one of them speaks for all (alert-claim.ts).
  if (await claimAlert(alertKey(alert))) present(delivery, context.open);
}
