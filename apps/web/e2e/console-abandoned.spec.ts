/**
 * A chat whose visitor left and went silent ends by itself, with its marker, live in the console.
 * The test sets the team's abandoned-chat setting to its minimum (one minute) for up to two
 * minutes, which would end other tests' quiet chats on the same server: the "console-alone"
 * project (playwright.config.ts) runs this file after every other console test has finished.
 */
import { api, consoleUi, expect, NodeVisitor, openConsole, test } from "./support/console";

test("a chat whose visitor left and went silent ends by itself, live in the console", async ({
  clients,
  admin,
}) => {
  // The sweep runs every minute and the shortest setting is one minute: this test waits up to
  // two minutes for the server, with no sleep of its own.
  test.setTimeout(240_000);
  const before = (await (await api("/api/agent/settings/routing", { cookie: admin })).json()) as {
    routing: { max_open_chats: number; abandoned_after_minutes: number };
  };
  const name = `Gone Quiet ${Date.now().toString(36).slice(-5)}`;
  // Registered from Node with no socket: the visitor is not there.
  const visitor = await NodeVisitor.register(name);
  try {
    const set = await api("/api/agent/settings/routing", {
      method: "PUT",
      body: { ...before.routing, abandoned_after_minutes: 1 },
      cookie: admin,
    });
    expect(set.status).toBe(200);
    const lead = await clients.open(admin);
    await openConsole(lead.page, `/console/conversations/${visitor.conversationId}`);
    const ui = consoleUi(lead.page);
    await expect(ui.openTab).toHaveAttribute("aria-selected", "true");
    await expect(ui.item(name)).toBeVisible();
    await expect(ui.ended).toBeVisible({ timeout: 180_000 });
    await expect(ui.view.getByText(/Ended by itself: the visitor left/)).toBeVisible();
    await ui.openTab.click();
    await expect(ui.item(name)).toHaveCount(0);
  } finally {
    await api("/api/agent/settings/routing", {
      method: "PUT",
      body: before.routing,
      cookie: admin,
    });
  }
});
