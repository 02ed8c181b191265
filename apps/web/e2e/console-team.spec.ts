/**
 * The console for a team of agents, with visitors beside them: the ended list paged past 200
 * conversations as it scrolls, with its true count; search finding a conversation by a word of a
 * message (and through ?q=); a missed chat that stays visible, counted in the badge, and is
 * answered by e-mail (read from the SMTP sink); assignment moving between two agents live; notes
 * that never reach the visitor; typed links; the console at 1024x768 and 768x1024 with every
 * control usable (screenshots kept with the test's results); axe on each screen.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  NodeVisitor,
  clientIp,
  consoleUrl,
  consoleUi,
  expect,
  expectNoAxeViolations,
  newAgent,
  openConsole,
  send,
  test,
  visitorChat,
} from "./support/console";
import { rawMailsTo } from "./support/mailbox";

/** A word no other test writes: letters only, as search takes words. */
function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;
}

/** A visitor who wrote `text` (if any) and left before anyone answered. */
async function leftChat(name: string, text?: string) {
  const visitor = await NodeVisitor.register(name);
  const socket = await visitor.socket();
  if (text) await socket.say(text);
  await socket.end(visitor.email);
  await socket.close();
  return visitor;
}

async function missedCount(cookie: string): Promise<number> {
  const response = await fetch(`${consoleUrl}/api/agent/conversations/counts`, {
    headers: { cookie, origin: consoleUrl, "x-forwarded-for": clientIp() },
  });
  return ((await response.json()) as { missed: number }).missed;
}

function team(page: Page) {
  return {
    search: page.getByRole("searchbox", { name: "Search conversations" }),
    missedTab: page.getByRole("tab", { name: /^Missed/ }),
    count: (tab: "open" | "missed" | "ended") => page.getByTestId(`count-${tab}`),
    loadMore: page.getByTestId("load-more"),
    assign: page.getByTestId("assign-select"),
    assignToMe: page.getByRole("button", { name: "Assign to me" }),
    noteSummary: page.getByText("Add an internal note"),
    noteBox: page.getByRole("textbox", { name: "Internal note" }),
    notes: page.getByTestId("console-note"),
  };
}

test("the ended list pages past 200 conversations as it scrolls, and search finds a word", async ({
  clients,
  admin,
}) => {
  test.setTimeout(240_000);
  const word = uniqueWord("quokka");
  // The oldest one holds the word; 204 more end after it.
  const first = await leftChat("Oldest Visitor", `Is the ${word} plan still offered?`);
  for (let i = 0; i < 204; i += 12) {
    await Promise.all(
      Array.from({ length: Math.min(12, 204 - i) }, (_, k) => leftChat(`Paged ${i + k}`)),
    );
  }
  const agent = await clients.open(admin);
  await openConsole(agent.page);
  const ui = consoleUi(agent.page);
  const t = team(agent.page);
  await ui.endedTab.click();
  // The count arrives with the tab's first page: read once it has.
  const endedCount = async () =>
    Number((await t.count("ended").textContent())?.replace(/\D/g, "") || 0);
  await expect.poll(endedCount).toBeGreaterThanOrEqual(205);
  const total = await endedCount();
  const oldest = agent.page.locator(`[data-conversation-id="${first.conversationId}"]`);
  // Scrolling to the end of the list loads the next page, until the server has no more.
  for (let page = 0; page < 10 && (await t.loadMore.count()) > 0; page += 1) {
    const shown = await ui.items.count();
    // The list is drawn a dozen rows per task, and "Load older" is drawn again with it: scrolled
    // to again until the next page shows.
    await expect(async () => {
      if ((await t.loadMore.count()) > 0)
        await t.loadMore.scrollIntoViewIfNeeded({ timeout: 2000 });
      expect(await ui.items.count()).toBeGreaterThan(shown);
    }).toPass();
  }
  await expect(ui.items).toHaveCount(total);
  await expect(t.loadMore).toHaveCount(0);
  await oldest.scrollIntoViewIfNeeded();
  await expect(oldest).toBeVisible();
  await expectNoAxeViolations(agent.page);

  // Search, by the box and by the address.
  await t.search.fill(word);
  await expect(agent.page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(ui.items).toHaveCount(1);
  await expect(oldest).toBeVisible();
  await agent.page.goto(`/console?q=${word}`);
  await ui.endedTab.click();
  await expect(ui.items).toHaveCount(1);
  await expectNoAxeViolations(agent.page);
});

test("a missed chat stays visible and counted until it is answered by e-mail", async ({
  clients,
  admin,
}) => {
  test.setTimeout(90_000);
  const agent = await clients.open(admin);
  await openConsole(agent.page);
  const ui = consoleUi(agent.page);
  const t = team(agent.page);
  // Other tests on this server leave, answer and erase chats meanwhile, so the page's count is
  // held to the server's at the same moment rather than to a figure read before.
  const showsServerCount = () =>
    expect
      .poll(async () => {
        const badge = agent.page.getByTestId("missed-badge");
        const [shown, badges, server] = await Promise.all([
          t.count("missed").textContent(),
          badge.count(),
          missedCount(admin),
        ]);
        // The badge is there only while something is missed, and then leads with the count.
        const badgeText = badges > 0 ? await badge.textContent() : null;
        const badgeRight =
          server === 0 ? badges === 0 : (badgeText ?? "").startsWith(String(server));
        return shown === `(${server})` && badgeRight;
      })
      .toBe(true);
  const visitor = await leftChat("Ravi Kumar", "Need it today");
  await expect.poll(() => missedCount(admin)).toBeGreaterThan(0);
  await showsServerCount();
  await expect(agent.page).toHaveTitle(/^\(\d+\) /);
  await t.missedTab.click();
  const item = ui.item("Ravi Kumar");
  await expect(item.getByTestId("conversation-missed")).toHaveText("Missed");
  await item.click();
  const panel = agent.page.getByTestId("missed-panel");
  await expect(panel).toBeVisible();
  await expectNoAxeViolations(agent.page);

  const answer = `We can set it up today. ${uniqueWord("ref")}`;
  await panel.getByRole("textbox", { name: `Answer by e-mail to ${visitor.email}` }).fill(answer);
  await panel.getByRole("button", { name: "Send e-mail" }).click();
  await expect(ui.view.getByTestId("console-email-answer")).toContainText(answer);
  await expect(ui.view.getByTestId("console-email-answer")).toContainText(
    `E-mailed to ${visitor.email}`,
  );
  await expect(panel).toHaveCount(0);
  // Answered: no longer marked missed, and the count follows the server's.
  await expect(item.getByTestId("conversation-missed")).toHaveCount(0);
  await showsServerCount();
  await expect
    .poll(() => rawMailsTo(visitor.email).some((m) => m.includes("We can set it up today.")), {
      timeout: 15_000,
    })
    .toBe(true);
});

/**
 * Opens a conversation from the live list. Other tests' chats arrive and end meanwhile and move the
 * rows, so a click can land on a row that moved under it: clicked again until the view shows it.
 */
async function openFromList(ui: ReturnType<typeof consoleUi>, name: string) {
  await expect(async () => {
    await ui.item(name).click();
    await expect(ui.view.getByRole("heading", { level: 1 })).toHaveText(name, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test("assignment moves between agents live, and notes never reach the visitor", async ({
  clients,
  admin,
}) => {
  test.setTimeout(120_000);
  // Its own name: a retry must not find the first attempt's chat, still open, beside its own.
  const lena = `Lena Park ${Math.random().toString(36).slice(2, 6)}`;
  const ana = await newAgent(admin, "Ana Lima");
  const ben = await newAgent(admin, "Ben Okafor");
  const anaClient = await clients.open(ana.cookie);
  const benClient = await clients.open(ben.cookie);
  const visitor = await clients.open();
  await openConsole(anaClient.page);
  await openConsole(benClient.page);
  const chat = await visitorChat(visitor.page, { name: lena });
  const anaUi = consoleUi(anaClient.page);
  const benUi = consoleUi(benClient.page);
  const anaTeam = team(anaClient.page);
  const benTeam = team(benClient.page);

  await openFromList(anaUi, lena);
  // A new chat goes at once to a free online agent (both are). Given back to nobody, routing
  // hands it straight to a free agent again, so the story starts from whoever has it.
  const anaSees = anaUi.item(lena).getByTestId("conversation-assignee");
  await expect(anaSees).toHaveText(/^(Yours|With Ben Okafor)$/);
  if ((await anaSees.textContent()) !== "Yours") await anaTeam.assignToMe.click();
  await expect(anaUi.item(lena).getByTestId("conversation-assignee")).toHaveText("Yours");
  // Ben's console hears it without a reload.
  await expect(benUi.item(lena).getByTestId("conversation-assignee")).toHaveText("With Ana Lima");
  await benClient.page.getByTestId("assignee-filter").selectOption("unassigned");
  await expect(benUi.item(lena)).toHaveCount(0);
  await benClient.page.getByTestId("assignee-filter").selectOption("all");

  await openFromList(benUi, lena);
  await benTeam.assign.selectOption({ label: "Ben Okafor (you)" });
  await expect(anaUi.item(lena).getByTestId("conversation-assignee")).toHaveText("With Ben Okafor");
  await anaClient.page.getByTestId("assignee-filter").selectOption("mine");
  await expect(anaUi.item(lena)).toHaveCount(0);
  await anaClient.page.getByTestId("assignee-filter").selectOption("all");

  // A note, hostile or not, is text among the agents and never reaches the widget.
  const note = `Refund approved <img src=x onerror="document.title='pwned'"> ${uniqueWord("n")}`;
  await anaTeam.noteSummary.click();
  await anaTeam.noteBox.fill(note);
  await anaClient.page.getByRole("button", { name: "Add note" }).click();
  await expect(anaTeam.notes.last()).toContainText(note);
  await expect(benTeam.notes.last()).toContainText(note);
  await expect(anaClient.page.locator("img[src=x]")).toHaveCount(0);

  // A typed address becomes a link for the visitor.
  await send(anaUi.editor, "Details: https://hourline.example/help/leave.");
  const link = chat.panel.messages
    .last()
    .getByRole("link", { name: "https://hourline.example/help/leave" });
  await expect(link).toHaveAttribute("href", "https://hourline.example/help/leave");
  await expect(chat.dialog).not.toContainText("Refund approved");
  await expect(chat.dialog).toContainText("Ana Lima");
  await expect(chat.dialog).not.toContainText(ana.email);
  await expect(visitor.page).not.toHaveTitle("pwned");
  await expect(anaClient.page).not.toHaveTitle("pwned");
  await expectNoAxeViolations(anaClient.page);
  await expectNoAxeViolations(benClient.page);
});

for (const size of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]) {
  test(`the console works at ${size.width}x${size.height}`, async ({ clients, admin }, info) => {
    test.setTimeout(90_000);
    const agent = await clients.open(admin);
    const visitor = await clients.open();
    await agent.page.setViewportSize(size);
    await openConsole(agent.page);
    const ui = consoleUi(agent.page);
    const name = `Wide ${size.width} Averyveryverylongunbrokenfamilynamethatkeepsgoing`;
    const chat = await visitorChat(visitor.page, { name });
    await send(chat.panel.editor, "Hello from a tablet-sized console test");
    await ui.item(name).click();
    // The reply box and the thread have room to work in.
    const editorBox = await ui.editor.boundingBox();
    expect(editorBox?.width ?? 0).toBeGreaterThan(300);
    const threadBox = await ui.view.getByTestId("console-messages").boundingBox();
    expect(threadBox?.height ?? 0).toBeGreaterThan(250);
    await send(ui.editor, "Answer from the narrow console");
    await expect(chat.panel.messages.last()).toContainText("Answer from the narrow console");
    await agent.page.screenshot({ path: info.outputPath(`console-${size.width}.png`) });

    // The visitor's details are a drawer here; a long unbroken name stays inside it.
    await agent.page.getByTestId("visitor-drawer-button").click();
    const drawer = agent.page.getByTestId("visitor-drawer");
    await expect(drawer).toBeVisible();
    const drawerBox = await drawer.boundingBox();
    const nameBox = await drawer.getByText(name).last().boundingBox();
    expect((nameBox?.x ?? 0) + (nameBox?.width ?? 0)).toBeLessThanOrEqual(
      (drawerBox?.x ?? 0) + (drawerBox?.width ?? 0) + 1,
    );
    // Its title wraps too, and its Close button stays on screen.
    const closeBox = await drawer.getByRole("button", { name: "Close" }).boundingBox();
    expect((closeBox?.x ?? size.width) + (closeBox?.width ?? 0)).toBeLessThanOrEqual(size.width);
    await expectNoAxeViolations(agent.page);
    await agent.page.screenshot({ path: info.outputPath(`console-${size.width}-visitor.png`) });
    await agent.page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    // The chat went at once to a free online agent (or replying took it); taking it works from
    // here too. (Given back to nobody, routing hands it straight to a free agent again.)
    const assignee = ui.item(name).getByTestId("conversation-assignee");
    await expect(assignee).toHaveText(/^(Yours|With .+)$/);
    if ((await assignee.textContent()) !== "Yours") await team(agent.page).assignToMe.click();
    await expect(assignee).toHaveText("Yours");
    await expect(ui.nav.getByRole("link", { name: /Agents/ })).toBeVisible();
    await ui.nav.getByRole("link", { name: /Agents/ }).click();
    const role = agent.page.getByRole("combobox", { name: "Role" });
    await expect(role).toBeVisible();
    const roleBox = await role.boundingBox();
    expect(roleBox?.width ?? 0).toBeGreaterThan(80);
    await expectNoAxeViolations(agent.page);
  });
}
