/**
 * What an alert becomes: nothing while the agent is looking at the console (the screen shows it),
 * otherwise a chime and a desktop notification, each only when switched on (and, for the
 * notification, allowed by the browser).
 */
import type { AlertPreferences, NotificationAccess } from "./alert-preferences";
import type { ConsoleAlert } from "./console-alerts";
import { messagePreview } from "./message-preview";
import { isolateText } from "@hourline/contracts/text";

export interface AlertDelivery {
  sound: boolean;
  notification: { title: string; body: string; tag: string; conversationId: number } | null;
}

export function deliverAlert(
  alert: ConsoleAlert,
  context: { visible: boolean; prefs: AlertPreferences; access: NotificationAccess },
): AlertDelivery | null {
  if (context.visible) return null;
  const notification =
    context.prefs.desktop && context.access === "granted"
      ? alert.kind === "conversation"
        ? {
            title: `New chat from ${isolateText(alert.visitorName)}`,
            body: "A visitor is waiting for an answer.",
            tag: `conversation-${alert.conversationId}`,
            conversationId: alert.conversationId,
          }
        : {
            title: `${isolateText(alert.visitorName)} wrote`,
            body: messagePreview(alert.html, alert.msgType),
            tag: `conversation-${alert.conversationId}`,
            conversationId: alert.conversationId,
          }
      : null;
  if (!context.prefs.sound && !notification) return null;
  return { sound: context.prefs.sound, notification };
}
