/**
 * What reaches open consoles by itself: one chime and one notification for one event however many
 * tabs the agent has open, and an erased visitor's chats leaving every console's list (a chat
 * ending by itself is in console-abandoned.spec.ts, which runs alone).
 */
import type { Page } from "@playwright/test";
import {
  api,
  consoleUi,
  consoleUrl,
  expect,
  newAgent,
  NodeVisitor,
  openConsole,
  test,
} from "./support/console";

type AlertWindow = Window & {
  __alerts: string[];
  __claims: string[];
  __hide: (hidden: boolean) => void;
};

/**
 * Records the tab's notifications and chimes in `window.__alerts`, and in `__claims` whether the
 * tab won or lost each alert's claim (a Web Lock, alert-claim.ts); `__hide` fakes a hidden tab.
 * Each claim is recorded with its lock's name (the event's key, which names its conversation) and
 * each chime with the claim this tab last won: the agent also hears about unassigned chats, and the
 * console tests running beside this one start some.
 */
function recordAlerts() {
  const w = window as unknown as AlertWindow;
  const record: string[] = [];
  const claims: string[] = [];
  w.__alerts = record;
  w.__claims = claims;
  let lastWon = "";
  const locks = navigator.locks;
  const request = locks.request.bind(locks) as (
    name: string,
    options: LockOptions,
    callback: (lock: Lock | null) => unknown,
  ) => Promise<unknown>;
  Object.defineProperty(locks, "request", {
    value: (name: string, options: LockOptions, callback: (lock: Lock | null) => unknown) =>
      request(name, options, (lock) => {
        if (name.startsWith("hourline.alert.")) {
          claims.push(`${name} ${lock ? "won" : "lost"}`);
          if (lock) lastWon = name;
        }
        return callback(lock);
      }),
  });
  class RecordedNotification {
    static permission = "granted";
    static requestPermission = () => Promise.resolve("granted");
    onclick: (() => void) | null = null;
    constructor(title: string) {
      record.push(`notification: ${title}`);
    }
    close() {}
  }
  Object.defineProperty(window, "Notification", { value: RecordedNotification });
  const Real = window.AudioContext;
  // A chime is a few notes started together: the oscillators made in one turn are one chime.
  let sounding = false;
  class RecordedAudio extends Real {
    override createOscillator() {
      if (!sounding) {
        sounding = true;
        record.push(`chime ${lastWon}`);
        queueMicrotask(() => (sounding = false));
      }
      return super.createOscillator();
    }
  }
  Object.defineProperty(window, "AudioContext", { value: RecordedAudio });
  let hidden = false;
  Object.defineProperty(document, "visibilityState", {
    get: () => (hidden ? "hidden" : "visible"),
  });
  Object.defineProperty(document, "hidden", { get: () => hidden });
  w.__hide = (h) => {
    hidden = h;
    document.dispatchEvent(new Event("visibilitychange"));
  };
}

const alertsOf = (page: Page) => page.evaluate(() => (window as unknown as AlertWindow).__alerts);
const claimsOf = (page: Page) => page.evaluate(() => (window as unknown as AlertWindow).__claims);

test("one chime and one notification for one event, with the agent's console open in two tabs", async ({
  clients,
  admin,
}) => {
  const name = `Two Tabs ${Date.now().toString(36).slice(-5)}`;
  // The chat exists before the consoles open, so the only events are the messages below.
  const visitor = await NodeVisitor.register(name);
  const agent = await newAgent(admin, "Tereza Tabs");
  const assigned = await api(`/api/agent/conversations/${visitor.conversationId}/assign`, {
    body: { agent_id: agent.id },
    cookie: admin,
  });
  expect(assigned.status).toBe(200);

  const client = await clients.open(agent.cookie);
  await client.context.grantPermissions(["notifications"], { origin: consoleUrl });
  await client.context.addInitScript(recordAlerts);
  const tabs = [client.page, await client.context.newPage()];
  for (const tab of tabs) {
    await openConsole(tab);
    await expect(consoleUi(tab).item(name)).toBeVisible();
    await tab.evaluate(() => (window as unknown as AlertWindow).__hide(true));
  }
  // This chat's alerts only: the key of each names its conversation (alertKey, alert-claim.ts).
  const ours = new RegExp(`^hourline\\.alert\\.[cm]${visitor.conversationId}(?::|\\s|$)`);
  const all = async () => (await Promise.all(tabs.map(alertsOf))).flat();
  const claims = async () =>
    (await Promise.all(tabs.map(claimsOf)))
      .flat()
      .filter((c) => ours.test(c))
      .map((c) => c.slice(c.lastIndexOf(" ") + 1))
      .sort();

  const socket = await visitor.socket();
  for (const [n, text] of [
    [1, "First question"],
    [2, "And a second one"],
  ] as const) {
    expect(await socket.say(`<p>${text}</p>`)).toMatchObject({ message_type: "ack" });
    // Both tabs have the message and have asked to speak for it: one won, the other lost (what
    // the winner plays, it plays as its claim is granted, before this test can look).
    for (const tab of tabs) await expect(consoleUi(tab).item(name)).toContainText(text);
    await expect
      .poll(claims)
      .toEqual([...Array<string>(n).fill("lost"), ...Array<string>(n).fill("won")]);
    const alerts = await all();
    expect(alerts.filter((a) => a.startsWith("chime ") && ours.test(a.slice(6)))).toHaveLength(n);
    expect(alerts.filter((a) => a.startsWith("notification:") && a.includes(name))).toEqual(
      Array.from({ length: n }, () => `notification: \u2068${name}\u2069 wrote`),
    );
  }
  await socket.close();
});

test("an erased visitor's chats leave every open console's list at once", async ({
  clients,
  admin,
}) => {
  const name = `Erase Me ${Date.now().toString(36).slice(-5)}`;
  const visitor = await NodeVisitor.register(name);
  const colleague = await newAgent(admin, "Pia Lister");
  const lead = await clients.open(admin);
  const other = await clients.open(colleague.cookie);
  await openConsole(lead.page);
  await openConsole(other.page);
  for (const page of [lead.page, other.page]) {
    await expect(consoleUi(page).item(name)).toBeVisible();
  }
  const erased = await api(`/api/agent/visitors/${encodeURIComponent(visitor.email)}`, {
    method: "DELETE",
    cookie: admin,
  });
  expect(erased.status).toBe(200);
  for (const page of [lead.page, other.page]) {
    await expect(consoleUi(page).item(name)).toHaveCount(0);
    await consoleUi(page).endedTab.click();
    await expect(consoleUi(page).item(name)).toHaveCount(0);
  }
});
