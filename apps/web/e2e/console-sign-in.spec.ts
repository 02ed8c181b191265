/**
 * Getting into the support console and out of it: the sign-in page's one generic error, its
 * rate-limit message, sign-out, the way back to where the agent was, and a session that ends under
 * an agent who is writing a reply: they sign in again and the reply is still there.
 */
import {
  apiSignIn,
  consoleUi,
  consoleUrl,
  e2eAgent,
  expect,
  expectNoAxeViolations,
  newAgent,
  openConsole,
  test,
  visitorChat,
} from "./support/console";
import { onDemandTimeout } from "./support/e2e-env";

test("signs in: a wrong pair gets one generic message, the right one opens the inbox", async ({
  clients,
}) => {
  const { page } = await clients.open();
  await page.goto("/console");
  await expect(page).toHaveURL(`${consoleUrl}/console/sign-in`);
  await expect(page).toHaveTitle("Sign in · Hourline support");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expectNoAxeViolations(page);

  // Empty fields are named before anything is sent.
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Please enter your e-mail address.")).toBeVisible();
  await expect(page.getByText("Please enter your password.")).toBeVisible();
  await expectNoAxeViolations(page);

  for (const [email, password] of [
    [e2eAgent.email, "not the password at all"],
    ["nobody@hourline.example", e2eAgent.password],
  ] as const) {
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    const problem = page.getByTestId("sign-in-problem");
    await expect(problem).toHaveText("The e-mail or password is incorrect.");
    await expect(problem).toBeFocused();
  }
  await expectNoAxeViolations(page);

  await page.getByLabel("E-mail").fill(e2eAgent.email);
  await page.getByLabel("Password").fill(e2eAgent.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${consoleUrl}/console`);
  await expect(consoleUi(page).connection).toHaveText("Connected", { timeout: onDemandTimeout });
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeVisible();
  // Signed in already: the sign-in page sends the agent on.
  await page.goto("/console/sign-in");
  await expect(page).toHaveURL(`${consoleUrl}/console`);
});

test("too many attempts: the page says how long to wait", async ({ clients }) => {
  // Every attempt from this browser comes from one address: the eleventh within 15 minutes is
  // refused before the password is even checked.
  const { page, guard } = await clients.open();
  guard.allowConsole(/status of 429/);
  await page.goto("/console/sign-in");
  for (let i = 0; i < 10; i++) {
    await page.getByLabel("E-mail").fill(`guess-${i}@hourline.example`);
    await page.getByLabel("Password").fill("a wrong password");
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/agent/login"));
    await page.getByRole("button", { name: "Sign in" }).click();
    expect((await answered).status()).toBe(401);
    await expect(page.getByTestId("sign-in-problem")).toHaveText(
      "The e-mail or password is incorrect.",
    );
  }
  await page.getByLabel("E-mail").fill(e2eAgent.email);
  await page.getByLabel("Password").fill(e2eAgent.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("sign-in-problem")).toHaveText(
    /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/,
  );
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await expectNoAxeViolations(page);
});

test("signs out: back to the sign-in page, and the console is closed until signing in", async ({
  clients,
  admin,
}) => {
  const agent = await newAgent(admin, "Sign Out Tester");
  const { page } = await clients.open(agent.cookie);
  await openConsole(page, "/console/contacts");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${consoleUrl}/console/sign-in?reason=signed-out`);
  await expect(page.getByTestId("sign-in-reason")).toHaveText("You have signed out.");
  await expectNoAxeViolations(page);
  // The session is over on the server too: its cookie opens nothing.
  const me = await fetch(`${consoleUrl}/api/agent/me`, { headers: { cookie: agent.cookie } });
  expect(me.status).toBe(401);
  await page.goto("/console/settings");
  await expect(page).toHaveURL(`${consoleUrl}/console/sign-in?next=%2Fconsole%2Fsettings`);
  // Signing in again returns to the address asked for, and nowhere outside the console.
  await page.getByLabel("E-mail").fill(agent.email);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${consoleUrl}/console/settings`);
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  // Signed out before the next address is opened (sign-out's code loads with its first press).
  await expect(page).toHaveURL(`${consoleUrl}/console/sign-in?reason=signed-out`);
  await page.goto("/console/sign-in?next=https%3A%2F%2Fevil.example%2F");
  await page.getByLabel("E-mail").fill(agent.email);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${consoleUrl}/console`);
});

test("a second press on sign-out while the first is on its way sends nothing", async ({
  clients,
  admin,
}) => {
  const agent = await newAgent(admin, "Double Sign Out");
  const { page } = await clients.open(agent.cookie);
  await openConsole(page);
  let requests = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/agent/logout", async (route) => {
    requests += 1;
    await held;
    await route.continue();
  });
  const signOut = page.getByRole("button", { name: "Sign out" });
  await signOut.dblclick();
  await expect(signOut).toHaveAttribute("aria-disabled", "true");
  // aria-disabled keeps it focusable and pressable: the press must send nothing.
  await signOut.click({ force: true });
  // The first press's request may still be on its way out (sign-out's code loads with it).
  await expect.poll(() => requests).toBe(1);
  release();
  await expect(page).toHaveURL(`${consoleUrl}/console/sign-in?reason=signed-out`);
  expect(requests).toBe(1);
  await expect(page.getByTestId("sign-in-reason")).toHaveText("You have signed out.");
});

test("a session that ends while writing: sign in again, and the reply is still there", async ({
  clients,
  admin,
}) => {
  const agent = await newAgent(admin, "Expiry Tester");
  const visitor = await clients.open();
  const chat = await visitorChat(visitor.page, { name: "Patient Visitor" });
  const { page, guard } = await clients.open(agent.cookie);
  // The socket refused after the session ended is logged by the browser.
  guard.allowConsole(/WebSocket connection to .* failed/);
  await openConsole(page, `/console/conversations/${chat.conversationId}`);
  const ui = consoleUi(page);
  const draft = "Thanks for waiting. Your leave balance resets on 1 January, and";
  await ui.editor.fill(draft);

  // The session ends on the server (here: signed out from elsewhere with the same cookie).
  const out = await fetch(`${consoleUrl}/api/agent/logout`, {
    method: "POST",
    headers: { cookie: agent.cookie, origin: consoleUrl },
  });
  expect(out.status).toBe(200);

  await expect(page).toHaveURL(
    `${consoleUrl}/console/sign-in?next=%2Fconsole%2Fconversations%2F${chat.conversationId}&reason=expired`,
  );
  await expect(page.getByTestId("sign-in-reason")).toContainText("Your session has ended.");
  await expectNoAxeViolations(page);
  await page.getByLabel("E-mail").fill(agent.email);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${consoleUrl}/console/conversations/${chat.conversationId}`);
  await expect(ui.editor).toHaveValue(draft);
  await ui.editor.press("Control+End");
  await ui.editor.pressSequentially(" nothing is lost.", { delay: 2 });
  await ui.editor.press("Enter");
  await expect(chat.panel.messages.last()).toContainText(`${draft} nothing is lost.`);
  // The old cookie stays dead.
  expect(
    (await fetch(`${consoleUrl}/api/agent/me`, { headers: { cookie: agent.cookie } })).status,
  ).toBe(401);
  expect(await apiSignIn(agent.email, agent.password)).toMatch(/^hl_agent=/);
});

test("an address in the console that names no screen, and a conversation that does not exist", async ({
  clients,
  admin,
}) => {
  const { page, guard } = await clients.open(admin);
  // The browser logs the 404 the console's call for the missing conversation gets.
  guard.allowConsole(/status of 404/);
  await page.goto("/console/no-such-screen");
  await expect(
    page.getByRole("heading", { name: "This console page does not exist" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await openConsole(page, "/console/conversations/987654321");
  await expect(page.getByRole("heading", { name: "There is no such conversation" })).toBeVisible();
  await expectNoAxeViolations(page);
});
