/**
 * The support console and the visitor's widget together, each in a browser context of its own: a
 * whole conversation both ways (text, line breaks, images, typing indicators on both sides), the
 * agent ending it (the visitor sees the red notice, and the transcript goes out), the visitor ending
 * it (the console shows it ended), two agents seeing the same live state, the keyboard shortcuts,
 * canned replies in a chat, a new display name reaching the visitor, alerts while the console's tab
 * is hidden, and axe on every state.
 */
import sharp from "sharp";
import {
  api,
  consoleUi,
  expect,
  expectNoAxeViolations,
  newAgent,
  openConsole,
  send,
  test,
  visitorChat,
  consoleUrl,
} from "./support/console";
import { oversizedImageFile } from "./fixtures";
import { rawMailsTo } from "./support/mailbox";
import { onDemandTimeout } from "./support/e2e-env";

async function png(width: number, height: number, color: string) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test("a whole conversation both ways, with images and typing, ended by the agent", async ({
  clients,
  admin,
}) => {
  test.setTimeout(90_000);
  const agent = await clients.open(admin);
  const visitor = await clients.open();
  await openConsole(agent.page);
  const ui = consoleUi(agent.page);
  await expect(ui.openTab).toBeVisible();
  await expectNoAxeViolations(agent.page);

  const chat = await visitorChat(visitor.page, { name: "Priya Raman", transcript: true });
  // The new conversation appears without a reload, with the visitor online.
  await expect(ui.item("Priya Raman")).toBeVisible();
  await expect(ui.item("Priya Raman")).toContainText(chat.email);
  await ui.item("Priya Raman").click();
  await expect(agent.page).toHaveURL(`${consoleUrl}/console/conversations/${chat.conversationId}`);
  await expect(ui.presence).toHaveText("online");
  await expect(agent.page.getByTestId("visitor-status")).toHaveText("Online: has the chat open");
  await expect(agent.page.getByText("E-mailed to the visitor when the chat ends")).toBeVisible();

  // The visitor types: the agent sees it; the visitor sends: the agent sees the message.
  await chat.panel.editor.pressSequentially("Hello, I have", { delay: 15 });
  await expect(ui.typing).toHaveText("Priya Raman is typing…");
  await chat.panel.editor.fill("Hello, I have a question about leave balances.");
  await chat.panel.editor.press("Enter");
  await expect(ui.messages.last()).toContainText("Hello, I have a question about leave balances.");
  await expect(ui.messages.last()).toHaveAttribute("data-from", "visitor");
  await expect(ui.typing).toHaveText("");
  await expect(ui.item("Priya Raman").getByTestId("conversation-waiting")).toHaveText(/^Waiting /);

  // The agent types: the visitor sees "Support is typing…"; Enter sends, Shift+Enter breaks lines.
  await ui.editor.pressSequentially("Of course", { delay: 15 });
  await expect(chat.dialog.getByText("Support is typing…")).toBeVisible();
  await ui.editor.press("Shift+Enter");
  await ui.editor.pressSequentially("which team are you in?", { delay: 5 });
  await ui.editor.press("Enter");
  await expect(ui.editor).toHaveValue("");
  const reply = chat.panel.messages.last();
  await expect(reply).toContainText("Of course");
  await expect(reply.locator("br")).toHaveCount(1);
  await expect(reply).toContainText("Support");
  await expect(ui.messages.last().getByText("Sent")).toBeVisible();
  await expect(ui.item("Priya Raman").getByTestId("conversation-waiting")).toHaveCount(0);
  await expect(chat.dialog.getByText("Support is typing…")).toBeHidden();

  // Blank text is not sent.
  const before = await ui.messages.count();
  await ui.editor.fill("   ");
  await ui.editor.press("Enter");
  await expect(ui.messages).toHaveCount(before);

  // An image from the agent reaches the visitor; one from the visitor reaches the agent.
  await ui.imageInput.setInputFiles({
    name: "leave-report.png",
    mimeType: "image/png",
    buffer: await png(640, 480, "#0f766e"),
  });
  const agentImage = chat.panel.messages.last().locator("img");
  await expect(agentImage).toHaveAttribute("src", /^\/api\/support\/uploads\/[\w.-]+$/);
  await expect
    .poll(() => agentImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(640);
  await chat.panel.imageInput.setInputFiles({
    name: "payslip.png",
    mimeType: "image/png",
    buffer: await png(300, 200, "#4338ca"),
  });
  const visitorImage = ui.messages.last().locator("img");
  await expect(visitorImage).toHaveAttribute("src", /^\/api\/support\/uploads\/[\w.-]+$/);
  await expect
    .poll(() => visitorImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(300);
  await expectNoAxeViolations(agent.page);

  // Too large an image is refused before any upload.
  await ui.imageInput.setInputFiles(oversizedImageFile());
  await expect(ui.view.getByRole("alert")).toHaveText(
    "This image is 26.0 MB. Please choose one of up to 25 MB.",
  );

  // The agent ends the chat after confirming; the visitor sees the red notice.
  await ui.endChat.click();
  const confirm = agent.page.getByRole("alertdialog", { name: "End the chat with Priya Raman?" });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(agent.page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(ui.endChat).toBeFocused();
  await ui.endChat.click();
  await confirm.getByRole("button", { name: "End chat" }).click();
  await expect(
    chat.dialog.getByText(/^The Hourline support team ended this chat at /),
  ).toBeVisible();
  await expect(ui.ended).toContainText("The support team ended this chat");
  await expect(ui.editor).toHaveCount(0);
  await expect(ui.endedTab).toHaveAttribute("aria-selected", "false");
  await ui.endedTab.click();
  await expect(ui.item("Priya Raman")).toContainText("Ended by support");
  await expectNoAxeViolations(agent.page);

  // The visitor asked for a transcript: it arrives with both sides of the conversation.
  await expect
    .poll(
      () => rawMailsTo(chat.email).find((m) => /Subject: Your support chat with Hourline/.test(m)),
      {
        timeout: 15_000,
      },
    )
    .toBeTruthy();
  const transcript = rawMailsTo(chat.email).find((m) => /Subject: Your support chat/.test(m)) ?? "";
  expect(transcript).toContain("Hello, I have a question about leave balances.");
  expect(transcript).toContain("which team are you in?");
});

test("the visitor ends the chat: the console shows it ended at once", async ({
  clients,
  admin,
}) => {
  const agent = await clients.open(admin);
  const visitor = await clients.open();
  const chat = await visitorChat(visitor.page, { name: "Jonas Weber" });
  await openConsole(agent.page, `/console/conversations/${chat.conversationId}`);
  const ui = consoleUi(agent.page);
  await expect(ui.view.getByRole("heading", { name: "Jonas Weber" })).toBeVisible();
  await expect(ui.endChat).toBeVisible();

  await chat.panel.endChat.click();
  await visitor.page
    .getByRole("alertdialog", { name: "End this chat?" })
    .getByRole("button", { name: "End chat" })
    .click();
  await expect(chat.dialog.getByRole("heading", { name: "Chat ended" })).toBeVisible();

  await expect(ui.ended).toContainText("Jonas Weber ended this chat");
  await expect(ui.endChat).toHaveCount(0);
  await expect(ui.editor).toHaveCount(0);
  await expect(ui.presence).toHaveText(/online|offline/);
  await expectNoAxeViolations(agent.page);
});

test("two agents signed in at once see the same live state", async ({ clients, admin }) => {
  // Two agents of their own: the admin's account is shared with tests running beside this one,
  // and its console there viewing another chat would replace what this one shows it viewing.
  const lead = await newAgent(admin, "Rhea Lindqvist");
  const colleague = await newAgent(admin, "Mateo Diaz");
  const first = await clients.open(lead.cookie);
  const second = await clients.open(colleague.cookie);
  await openConsole(first.page);
  await openConsole(second.page);
  const a = consoleUi(first.page);
  const b = consoleUi(second.page);

  const visitor = await clients.open();
  // A name of this attempt's own, so a retry does not meet the first attempt's chat.
  const hana = `Hana Sato ${Date.now() % 100_000}`;
  const chat = await visitorChat(visitor.page, { name: hana });
  await send(chat.panel.editor, "Is there a plan for twenty people?");
  await send(chat.panel.editor, "We work in two offices.");

  // Both see the new conversation with two unread messages.
  for (const ui of [a, b]) {
    await expect(ui.item(hana).getByTestId("conversation-unread")).toHaveText(/^2/);
  }
  // One agent reads it: the other's unread count drops too.
  await a.item(hana).click();
  await expect(a.messages).toHaveCount(2);
  await expect(b.item(hana).getByTestId("conversation-unread")).toHaveCount(0);

  // The other opens it too: each sees the other viewing it, then the first's typing and reply.
  await b.item(hana).click();
  await expect(b.typing).toHaveText("Rhea Lindqvist is viewing this chat");
  await expect(a.typing).toHaveText("Mateo Diaz is viewing this chat");
  await a.editor.pressSequentially("Yes,", { delay: 15 });
  await expect(b.typing).toHaveText("Rhea Lindqvist is typing…");
  await a.editor.pressSequentially(" the same plan: $1.0 per employee.", { delay: 2 });
  await a.editor.press("Enter");
  await expect(b.messages.last()).toContainText("the same plan: $1.0 per employee.");
  await expect(b.messages.last()).toContainText("Rhea Lindqvist");
  await expect(a.messages.last()).toContainText("You");

  // The second ends it; the first sees it ended without a reload.
  await b.endChat.click();
  await second.page.getByRole("alertdialog").getByRole("button", { name: "End chat" }).click();
  await expect(a.ended).toContainText("The support team ended this chat");
  await expect(a.editor).toHaveCount(0);
});

test("keyboard: next and previous conversation, reply, end chat, the shortcuts list", async ({
  clients,
  admin,
}) => {
  const agent = await clients.open(admin);
  const names = ["Keyboard First", "Keyboard Second"];
  const chats = [];
  for (const name of names) {
    const visitor = await clients.open();
    chats.push(await visitorChat(visitor.page, { name }));
  }
  await openConsole(agent.page, `/console/conversations/${chats[1]?.conversationId}`);
  const ui = consoleUi(agent.page);
  await expect(ui.view.getByRole("heading", { name: "Keyboard Second" })).toBeVisible();

  // The list arrives after the conversation itself: read it once both chats are in it.
  for (const chat of chats) {
    await expect(
      ui.items.and(agent.page.locator(`[data-conversation-id="${chat.conversationId}"]`)),
    ).toHaveCount(1);
  }
  const order = () =>
    ui.items.evaluateAll((items) =>
      items.map((i) => Number(i.getAttribute("data-conversation-id"))),
    );
  // Neither has waited for an answer, so newest first: the first visitor is further down.
  const ids = await order();
  expect(ids.indexOf(chats[0]?.conversationId ?? -1)).toBeGreaterThan(
    ids.indexOf(chats[1]?.conversationId ?? -1),
  );
  // Alt+ArrowDown opens the conversation below the open one and Alt+ArrowUp the one above, in
  // the list as it stands when the key is pressed: other tests' chats come and go meanwhile.
  const move = async (key: "Alt+ArrowDown" | "Alt+ArrowUp") =>
    expect(async () => {
      const now = await order();
      const open = Number(new URL(agent.page.url()).pathname.split("/").pop());
      const target = now[now.indexOf(open) + (key === "Alt+ArrowDown" ? 1 : -1)];
      expect(target).toBeDefined();
      await agent.page.keyboard.press(key);
      await expect(agent.page).toHaveURL(new RegExp(`/console/conversations/${target}$`), {
        timeout: 2_000,
      });
    }).toPass();
  await move("Alt+ArrowDown");
  await move("Alt+ArrowUp");

  await agent.page.keyboard.press("Alt+r");
  await expect(ui.editor).toBeFocused();
  // Shortcuts work from the editor too, and Alt+E asks before ending.
  await agent.page.keyboard.press("Alt+e");
  const confirm = agent.page.getByRole("alertdialog", {
    name: "End the chat with Keyboard Second?",
  });
  await expect(confirm).toBeVisible();
  await agent.page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(ui.endChat).toBeVisible();

  await agent.page.keyboard.press("Alt+/");
  const list = agent.page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(list).toBeVisible();
  await expect(list).toContainText("Next conversation");
  await expectNoAxeViolations(agent.page);
  await agent.page.keyboard.press("Escape");
  await expect(list).toBeHidden();
});

test("canned replies: added, edited and removed; picked with / in a chat, adjusted and sent", async ({
  clients,
  admin,
}) => {
  const agent = await clients.open(admin);
  await openConsole(agent.page, "/console/canned-replies");
  const title = `Billing window ${Date.now()}`;
  await agent.page.getByLabel("Title").fill(title);
  await agent.page
    .getByLabel("Reply", { exact: true })
    .fill("Invoices go out at the start of each month and are due between the 1st and the 7th.");
  await agent.page.getByRole("button", { name: "Add reply" }).click();
  await expect(
    agent.page.getByRole("status").filter({ hasText: `Added "${title}".` }),
  ).toBeVisible();
  await expect(agent.page.getByTestId("canned-item").filter({ hasText: title })).toBeVisible();
  await expectNoAxeViolations(agent.page);

  // A second one, added with a double click (still one reply), edited, then removed after confirming.
  const spare = `Spare ${Date.now()}`;
  await agent.page.getByLabel("Title").fill(spare);
  await agent.page.getByLabel("Reply", { exact: true }).fill("A reply we will not keep.");
  await agent.page.getByRole("button", { name: "Add reply" }).dblclick();
  await expect(
    agent.page.getByRole("status").filter({ hasText: `Added "${spare}".` }),
  ).toBeVisible();
  await expect(agent.page.getByTestId("canned-item").filter({ hasText: spare })).toHaveCount(1);
  await agent.page.getByRole("button", { name: `Edit "${spare}"` }).click();
  await expect(agent.page.getByRole("heading", { name: `Edit "${spare}"` })).toBeFocused();
  await agent.page.getByLabel("Title").fill(`${spare} (edited)`);
  await agent.page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    agent.page.getByRole("status").filter({ hasText: `Saved "${spare} (edited)".` }),
  ).toBeVisible();
  await agent.page.getByRole("button", { name: `Remove "${spare} (edited)"` }).click();
  const confirm = agent.page.getByRole("alertdialog", { name: `Remove "${spare} (edited)"?` });
  await expectNoAxeViolations(agent.page);
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(agent.page.getByTestId("canned-item").filter({ hasText: spare })).toHaveCount(0);
  await expect(agent.page.getByTestId("canned-item").filter({ hasText: title })).toBeVisible();

  const visitor = await clients.open();
  const chat = await visitorChat(visitor.page, { name: "Canned Visitor" });
  await agent.page.goto(`/console/conversations/${chat.conversationId}`);
  const ui = consoleUi(agent.page);
  await ui.editor.click();
  await agent.page.keyboard.press("/");
  const search = agent.page.getByRole("combobox", { name: "Search canned replies" });
  await expect(search).toBeFocused();
  // Judged once the replies are listed (while they load the list is marked busy).
  await expect(agent.page.getByRole("option").filter({ hasText: title })).toBeVisible();
  await expectNoAxeViolations(agent.page);
  await search.fill("billing window");
  await agent.page.keyboard.press("Enter");
  await expect(ui.editor).toHaveValue(/^Invoices go out at the start of each month/);
  await expect(ui.editor).toBeFocused();
  await ui.editor.press("Control+End");
  await ui.editor.pressSequentially(" Anything else?", { delay: 2 });
  await ui.editor.press("Enter");
  await expect(chat.panel.messages.last()).toContainText(
    "Invoices go out at the start of each month and are due between the 1st and the 7th. Anything else?",
  );
});

test("a new display name is what the visitor sees beside the next reply", async ({
  clients,
  admin,
}) => {
  const colleague = await newAgent(admin, "Lena Fischer");
  const agent = await clients.open(colleague.cookie);
  const visitor = await clients.open();
  const chat = await visitorChat(visitor.page, { name: "Name Watcher" });
  await openConsole(agent.page, `/console/conversations/${chat.conversationId}`);
  const ui = consoleUi(agent.page);
  await send(ui.editor, "Hello from Lena.");
  await expect(chat.panel.messages.last()).toContainText("Lena Fischer");

  await agent.page.getByRole("link", { name: "Settings" }).click();
  await agent.page.getByLabel("Display name").fill("Lena F.");
  await agent.page.getByRole("button", { name: "Save name" }).click();
  await expect(agent.page.getByText("Your name is saved.")).toBeVisible();
  await expectNoAxeViolations(agent.page);

  await agent.page.goto(`/console/conversations/${chat.conversationId}`);
  await expect(ui.connection).toHaveText("Connected", { timeout: onDemandTimeout });
  await send(ui.editor, "Still me, with a shorter name.");
  await expect(chat.panel.messages.last()).toContainText("Lena F.");
  await expect(chat.panel.messages.nth(0)).toContainText("Lena Fischer");
});

test("while the console's tab is hidden: a chime, a notification, and the unread total in the title", async ({
  clients,
  admin,
}) => {
  const agent = await clients.open(admin);
  // The browser's notifications and audio, recorded; the tab can be made to look hidden.
  await agent.context.grantPermissions(["notifications"], { origin: consoleUrl });
  await agent.page.addInitScript(() => {
    const record: string[] = [];
    (window as unknown as { __alerts: string[] }).__alerts = record;
    class RecordedNotification {
      static permission = "granted";
      static requestPermission = () => Promise.resolve("granted");
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        record.push(`notification: ${title} | ${options?.body ?? ""}`);
      }
      close() {}
    }
    Object.defineProperty(window, "Notification", { value: RecordedNotification });
    const Real = window.AudioContext;
    class RecordedAudio extends Real {
      override createOscillator() {
        record.push("chime");
        return super.createOscillator();
      }
    }
    Object.defineProperty(window, "AudioContext", { value: RecordedAudio });
    let hidden = false;
    Object.defineProperty(document, "visibilityState", {
      get: () => (hidden ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", { get: () => hidden });
    (window as unknown as { __hide: (h: boolean) => void }).__hide = (h) => {
      hidden = h;
      document.dispatchEvent(new Event("visibilitychange"));
    };
  });
  await openConsole(agent.page);
  const alerts = () =>
    agent.page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts);
  await agent.page.evaluate(() =>
    (window as unknown as { __hide: (h: boolean) => void }).__hide(true),
  );

  const visitor = await clients.open();
  const chat = await visitorChat(visitor.page, { name: "Hidden Tab Visitor" });
  await expect.poll(alerts).toContain(
    // The name is isolated (FSI ... PDI), so a right-to-left name cannot reorder the title.
    "notification: New chat from \u2068Hidden Tab Visitor\u2069 | A visitor is waiting for an answer.",
  );
  // Routing may have given the chat to another agent the earlier tests left online; alerts for a
  // message are for the agent whose chat it is, so it is made the admin's.
  const me = (await (await api("/api/agent/me", { cookie: admin })).json()) as {
    agent: { id: number };
  };
  const assigned = await api(`/api/agent/conversations/${chat.conversationId}/assign`, {
    body: { agent_id: me.agent.id },
    cookie: admin,
  });
  expect(assigned.status).toBe(200);
  await send(chat.panel.editor, "Anyone there?");
  await expect
    .poll(alerts)
    .toContain("notification: \u2068Hidden Tab Visitor\u2069 wrote | Anyone there?");
  expect((await alerts()).filter((a) => a === "chime").length).toBeGreaterThanOrEqual(2);
  await expect(agent.page).toHaveTitle(/^\(\d+\) Inbox · Hourline support$/);

  // Back in view: no more alerts; reading the conversation clears its unread count from the title.
  await agent.page.evaluate(() =>
    (window as unknown as { __hide: (h: boolean) => void }).__hide(false),
  );
  const count = (await alerts()).length;
  await consoleUi(agent.page).item("Hidden Tab Visitor").click();
  await send(chat.panel.editor, "Ah, I see you now.");
  await expect(consoleUi(agent.page).messages.last()).toContainText("Ah, I see you now.");
  expect((await alerts()).length).toBe(count);
  await expect(
    consoleUi(agent.page).item("Hidden Tab Visitor").getByTestId("conversation-unread"),
  ).toHaveCount(0);
  await expect(agent.page).toHaveTitle(/Hidden Tab Visitor\u2069 · Hourline support$/);
});
