/**
 * Blocked addresses, end to end: an agent blocks a visitor from the visitor panel (their chat
 * ends), an admin finds the address on the Visitor data screen (when, by whom), unblocks it after
 * a confirmation, and the visitor proves the address with a mailed code again. Agents who are not
 * admins have no such list.
 */
import {
  consoleUi,
  expect,
  expectNoAxeViolations,
  newAgent,
  openConsole,
  test,
  visitorChat,
} from "./support/console";
import { chatForm, openChat, verifyEmail } from "./support/chat-widget";

test("blocked from the visitor panel, listed for admins, unblocked: the visitor verifies again", async ({
  clients,
  admin,
}) => {
  const visitor = await clients.open();
  const chat = await visitorChat(visitor.page, {
    name: `Blocked Bo ${Date.now().toString(36).slice(-5)}`,
  });
  const agent = await newAgent(admin, "Nadia Blocker");
  const blocker = await clients.open(agent.cookie);
  await openConsole(blocker.page, `/console/conversations/${chat.conversationId}`);
  await blocker.page.getByRole("button", { name: "Block this visitor" }).click();
  await blocker.page.getByRole("button", { name: "Block", exact: true }).click();
  await expect(blocker.page.getByText(`${chat.email} is blocked.`)).toBeVisible();
  await expect(consoleUi(blocker.page).ended).toBeVisible();
  // The agent who blocked is not an admin: no list for them.
  await openConsole(blocker.page, "/console/visitor-data");
  await expect(blocker.page.getByTestId("blocked-visitors")).toHaveCount(0);

  const lead = await clients.open(admin);
  await openConsole(lead.page);
  await consoleUi(lead.page).nav.getByRole("link", { name: "Visitor data" }).click();
  const list = lead.page.getByRole("region", { name: "Blocked visitors" });
  const row = list.getByRole("row").filter({ hasText: chat.email });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("Nadia Blocker");
  await expectNoAxeViolations(lead.page);

  // Cancel keeps the block.
  await row.getByRole("button", { name: `Unblock ${chat.email}` }).click();
  const confirm = lead.page.getByRole("alertdialog", { name: "Unblock this address?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `Unblock ${chat.email}` }).click();
  await expectNoAxeViolations(lead.page);
  await confirm.getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(list.getByRole("status")).toHaveText(
    `${chat.email} is unblocked and can start a chat again.`,
  );
  await expect(row).toHaveCount(0);

  // The visitor, in a new tab of their own, proves the address with a mailed code again.
  const again = await clients.open();
  await again.page.goto("/");
  const dialog = await openChat(again.page);
  await chatForm(dialog).name.fill("Blocked Bo");
  await verifyEmail(dialog, chat.email);
});
