import { describe, expect, it } from "vitest";
import { deliverAlert } from "./alert-delivery";
import type { AlertPreferences, NotificationAccess } from "./alert-preferences";
import type { ConsoleAlert } from "./console-alerts";
import { isolateText } from "@hourline/contracts/text";

const newChat: ConsoleAlert = { kind: "conversation", conversationId: 7, visitorName: "Meera" };
const newMessage: ConsoleAlert = {
  kind: "message",
  conversationId: 8,
  visitorName: "Noor",
  html: "Is <b>anyone</b> there?<br>Hello",
  msgType: "text",
};
const image: ConsoleAlert = { ...newMessage, html: '<img src="/x.png">', msgType: "image" };

const on: AlertPreferences = { sound: true, desktop: true, offerDismissed: false };

function deliver(
  alert: ConsoleAlert,
  { visible = false, prefs = on, access = "granted" as NotificationAccess } = {},
) {
  return deliverAlert(alert, { visible, prefs, access });
}

describe("deliverAlert", () => {
  it("gives nothing while the agent looks at the console", () => {
    expect(deliver(newChat, { visible: true })).toBeNull();
    expect(deliver(newMessage, { visible: true })).toBeNull();
  });

  it("chimes and notifies while the tab is hidden", () => {
    expect(deliver(newChat)).toEqual({
      sound: true,
      notification: {
        title: `New chat from ${isolateText("Meera")}`,
        body: "A visitor is waiting for an answer.",
        tag: "conversation-7",
        conversationId: 7,
      },
    });
    expect(deliver(newMessage)).toEqual({
      sound: true,
      notification: {
        title: `${isolateText("Noor")} wrote`,
        body: "Is anyone there? Hello",
        tag: "conversation-8",
        conversationId: 8,
      },
    });
    expect(deliver(image)?.notification?.body).toBe("Sent an image");
  });

  it("does only what the agent switched on", () => {
    expect(deliver(newChat, { prefs: { ...on, desktop: false } })).toEqual({
      sound: true,
      notification: null,
    });
    expect(deliver(newChat, { prefs: { ...on, sound: false } })).toEqual({
      sound: false,
      notification: {
        title: `New chat from ${isolateText("Meera")}`,
        body: "A visitor is waiting for an answer.",
        tag: "conversation-7",
        conversationId: 7,
      },
    });
    expect(deliver(newChat, { prefs: { ...on, sound: false, desktop: false } })).toBeNull();
  });

  it("notifies only when the browser allows it", () => {
    for (const access of ["denied", "default", "unsupported"] as const) {
      expect(deliver(newMessage, { access })).toEqual({ sound: true, notification: null });
      expect(deliver(newMessage, { access, prefs: { ...on, sound: false } })).toBeNull();
    }
  });
});
