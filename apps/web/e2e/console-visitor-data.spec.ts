/**
 * A visitor's data on request, in the console: an admin downloads everything stored about an
 * address, asks to erase it and is asked first (Cancel keeps everything), erases it (the
 * visitor's chat closes), and reads both requests in the audit log; Settings shows the retention
 * period; an agent who is not an admin has none of it.
 */
import { readFile } from "node:fs/promises";
import {
  consoleUi,
  expect,
  expectNoAxeViolations,
  newAgent,
  NodeVisitor,
  openConsole,
  test,
} from "./support/console";

test("an admin exports and, after confirming, erases a visitor's data", async ({
  clients,
  admin,
}) => {
  const visitor = await NodeVisitor.register("Ilse Brandt");
  const socket = await visitor.socket();
  expect(await socket.say("<p>Please delete my chats after this.</p>")).toMatchObject({
    message_type: "ack",
  });

  const { page } = await clients.open(admin);
  await openConsole(page, "/console");
  await consoleUi(page).nav.getByRole("link", { name: "Visitor data" }).click();
  await expect(page.getByRole("heading", { name: "Visitor data", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  const address = page.getByLabel("Visitor's e-mail address");
  const erase = page.getByRole("button", { name: "Erase their data…" });
  // Not an address: said at the field, and no question is asked.
  await address.fill("ilse at example");
  await erase.click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  // The audit log is shared with every other test of this console: count this visitor's lines.
  const masked = `${visitor.email[0]}***${visitor.email.slice(visitor.email.indexOf("@"))}`;
  const rows = page.getByTestId("audit-log").getByRole("row");
  // Loaded: the table, or its empty state when this test runs first on a fresh server.
  await expect(rows.first().or(page.getByText("No visitor has asked yet."))).toBeVisible();
  const before = await rows.filter({ hasText: masked }).count();

  // The export downloads as one JSON file.
  await address.fill(visitor.email.toUpperCase());
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download their data" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("visitor-data.json");
  const exported = JSON.parse(await readFile((await download.path()) ?? "", "utf8")) as {
    email: string;
    conversations: { messages: { message: string }[] }[];
  };
  expect(exported.email).toBe(visitor.email);
  expect(exported.conversations[0]?.messages[0]?.message).toContain("Please delete my chats");
  await expect(page.getByRole("status").filter({ hasText: "Exported" })).toContainText(
    "1 conversation, 1 message",
  );

  // Erasing asks first; Cancel keeps everything and gives the focus back.
  await erase.click();
  const dialog = page.getByRole("alertdialog", { name: "Erase this visitor's data?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(visitor.email);
  await expect(dialog).toContainText("cannot be undone");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(erase).toBeFocused();
  await expect(rows.filter({ hasText: masked })).toHaveCount(before + 1);

  // Confirmed: everything goes, the visitor's open chat is closed, the log says who did it.
  await erase.click();
  await page
    .getByRole("alertdialog", { name: "Erase this visitor's data?" })
    .getByRole("button", { name: "Erase all of it" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Erased" })).toContainText(
    `1 conversation, 1 message, 1 chat session, 1 one-time code`,
  );
  // The visitor's chat session is gone with the rest: their socket is closed (4401).
  expect(await socket.closedByServer()).toBe(4401);
  const mine = rows.filter({ hasText: masked });
  await expect(mine).toHaveCount(before + 2);
  // Newest first: the erasure, then the export.
  await expect(mine.nth(0)).toContainText("Erased");
  await expect(mine.nth(1)).toContainText("Exported");
  await expect(page.getByTestId("audit-log")).not.toContainText(visitor.email);
  await expectNoAxeViolations(page);

  // Settings shows admins how long data is kept.
  await consoleUi(page).nav.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByTestId("retention-days")).toContainText("deleted 365 days after");
});

test("an agent who is not an admin has no visitor data screen", async ({ clients, admin }) => {
  const agent = await newAgent(admin, "Tomas Lind");
  const { page } = await clients.open(agent.cookie);
  await openConsole(page, "/console");
  await expect(consoleUi(page).nav.getByRole("link", { name: "Visitor data" })).toHaveCount(0);
  await page.goto("/console/visitor-data");
  await expect(page.getByText("Only an admin can export or erase")).toBeVisible();
  await page.goto("/console/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByTestId("retention-days")).toHaveCount(0);
});
