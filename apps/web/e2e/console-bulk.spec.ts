/**
 * Bulk actions in the open list: chats ticked by mouse or keyboard (each box named after its
 * visitor), ended together after a confirmation (they leave the open list in this console and in a
 * second agent's, live), and given together to another agent; the summary is read out politely and
 * the selection is cleared. axe on the list with the bar and on the confirmation.
 */
import type { Page } from "@playwright/test";
import {
  consoleUi,
  expect,
  expectNoAxeViolations,
  newAgent,
  NodeVisitor,
  openConsole,
  test,
} from "./support/console";

const tag = () => Date.now().toString(36).slice(-5);

/** A row's box: named after the visitor, the name isolated as every visitor name in the console. */
const rowBox = (page: Page, name: string) =>
  page.getByRole("checkbox", { name: `Select \u2068${name}\u2069`, exact: true });

/** The summary of the last bulk action, under the list's filters. */
const summary = (page: Page) =>
  page
    .getByRole("region", { name: "Conversations" })
    .getByRole("status")
    .filter({ hasText: /chats?\b/ });

async function visitors(names: string[]) {
  const out: NodeVisitor[] = [];
  for (const name of names) out.push(await NodeVisitor.register(name));
  return out;
}

test("ticked chats end together, leaving the open list here and in another agent's console", async ({
  clients,
  admin,
}) => {
  const t = tag();
  const names = [`Bulk Ana ${t}`, `Bulk Ben ${t}`, `Bulk Cai ${t}`, `Bulk Dora ${t}`];
  await visitors(names);
  const colleague = await newAgent(admin, `Colleague ${t}`);
  const lead = await clients.open(admin);
  const other = await clients.open(colleague.cookie);
  await openConsole(lead.page);
  await openConsole(other.page);
  const ui = consoleUi(lead.page);
  for (const name of names) {
    await expect(ui.item(name)).toBeVisible();
    await expect(consoleUi(other.page).item(name)).toBeVisible();
  }

  // The box is named after the visitor, and reached with the keyboard.
  const box = (name: string) => rowBox(lead.page, name);
  await box(names[0] as string).check();
  await box(names[1] as string).focus();
  await lead.page.keyboard.press("Space");
  await expect(box(names[1] as string)).toBeChecked();
  await box(names[2] as string).check();
  const bar = lead.page.getByRole("group", { name: "Selected chats" });
  await expect(bar.getByText("3 chats selected")).toBeVisible();
  await expectNoAxeViolations(lead.page);

  await bar.getByRole("button", { name: "End selected" }).click();
  const confirm = lead.page.getByRole("alertdialog", { name: "End 3 chats?" });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(lead.page);
  await confirm.getByRole("button", { name: "End 3 chats" }).click();

  // Read out politely: a status region, there before its text was.
  await expect(summary(lead.page)).toHaveText("Ended 3 chats.");
  await expect(bar).toHaveCount(0);
  for (const name of names.slice(0, 3)) {
    await expect(ui.item(name)).toHaveCount(0);
    await expect(consoleUi(other.page).item(name)).toHaveCount(0);
  }
  // The one left alone stays open and unticked.
  await expect(ui.item(names[3] as string)).toBeVisible();
  await expect(box(names[3] as string)).not.toBeChecked();
  await ui.endedTab.click();
  await expect(ui.item(names[0] as string)).toBeVisible();
  await expect(ui.item(names[0] as string)).toContainText("Ended by support");
});

test("ticked chats go together to another agent, who sees them as theirs", async ({
  clients,
  admin,
}) => {
  const t = tag();
  const names = [`Assign Eva ${t}`, `Assign Finn ${t}`];
  await visitors(names);
  const colleague = await newAgent(admin, `Taker ${t}`);
  const lead = await clients.open(admin);
  const taker = await clients.open(colleague.cookie);
  await openConsole(lead.page);
  await openConsole(taker.page);
  const ui = consoleUi(lead.page);
  for (const name of names) await expect(ui.item(name)).toBeVisible();

  // "Select all" ticks every row on the page; Tab from it reaches the first row's box.
  const all = lead.page.getByRole("checkbox", { name: /^Select all \d+ on this page$/ });
  await all.check();
  const rows = lead.page.getByRole("checkbox", { name: /^Select \u2068/ });
  const shown = await rows.count();
  await expect(rows.and(lead.page.locator(":checked"))).toHaveCount(shown);
  const bar = lead.page.getByRole("group", { name: "Selected chats" });
  await expect(bar.getByText(`${shown} ${shown === 1 ? "chat" : "chats"} selected`)).toBeVisible();
  await all.uncheck();
  await expect(bar).toHaveCount(0);
  // Tab from it: the tab panel (focusable, as Radix makes it), then the first row's box.
  await all.focus();
  await lead.page.keyboard.press("Tab");
  await lead.page.keyboard.press("Tab");
  await expect(rows.first()).toBeFocused();

  for (const name of names) {
    await rowBox(lead.page, name).check();
  }
  await bar.getByLabel("Assign to").selectOption(String(colleague.id));
  await bar.getByRole("button", { name: "Assign selected" }).click();
  await expect(summary(lead.page)).toHaveText(`Assigned 2 chats to ${colleague.name}.`);
  for (const name of names) {
    await expect(ui.item(name).getByTestId("conversation-assignee")).toHaveText(
      `With ${colleague.name}`,
    );
    await expect(consoleUi(taker.page).item(name).getByTestId("conversation-assignee")).toHaveText(
      "Yours",
    );
  }
  await expectNoAxeViolations(lead.page);
});
