/**
 * Visitor context in the console: the pages a visitor saw in their tab (paths only) and the page
 * they opened the chat on, their browser and device class and their local time reach the agent's
 * visitor panel as text, with links only to this site's paths, and the panel stays axe clean.
 */
import {
  consoleUi,
  consoleUrl,
  expect,
  expectNoAxeViolations,
  openConsole,
  test,
} from "./support/console";
import { openChat, startChat, visitorEmail } from "./support/chat-widget";

test("the visitor panel shows where the chat was opened, the pages before, browser and local time", async ({
  clients,
  admin,
}) => {
  test.setTimeout(90_000);
  const agent = await clients.open(admin);
  const visitor = await clients.open();
  await openConsole(agent.page);
  const ui = consoleUi(agent.page);

  // Query strings and fragments never leave the visitor's browser.
  await visitor.page.goto("/?utm_source=newsletter");
  await visitor.page.goto("/pricing?plan=team#compare");
  const timeZone = await visitor.page.evaluate(
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  const dialog = await openChat(visitor.page);
  const email = visitorEmail("context");
  await startChat(visitor.page, dialog, { name: "Lena Brandt", email });

  await expect(ui.item("Lena Brandt")).toBeVisible();
  await ui.item("Lena Brandt").click();
  await expect(agent.page).toHaveURL(new RegExp(`^${consoleUrl}/console/conversations/\\d+$`));
  const panel = agent.page.getByTestId("visitor-panel");
  await expect(panel.getByTestId("visitor-opened-on")).toHaveText("/pricing");
  await expect(panel.getByTestId("visitor-opened-on").getByRole("link")).toHaveAttribute(
    "href",
    "/pricing",
  );
  const pages = panel.getByTestId("visitor-pages").getByRole("listitem");
  await expect(pages).toHaveText(["/", "/pricing"]);
  await expect(panel).not.toContainText("utm_source");
  await expect(panel).not.toContainText("compare");
  // Playwright's Chromium: its name and major version, on a desktop.
  await expect(panel.getByTestId("visitor-browser")).toHaveText(/^Chrome \d+ · Desktop$/);
  await expect(panel.getByTestId("visitor-local-time")).toContainText(`(${timeZone})`);
  await expect(panel.getByTestId("visitor-local-time")).toHaveText(/\d{2}:\d{2}/);
  await expectNoAxeViolations(agent.page);
});
