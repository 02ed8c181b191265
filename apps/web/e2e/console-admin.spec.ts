/**
 * The console's other screens: contact messages arriving live, read and handled for every agent,
 * searched and answered by e-mail; the admin's agents screen (add, disable with the agent's open
 * console closed at once, enable, a new password); an agent changing their own password; desktop
 * notifications turned on; and what an agent who is not an admin does not see.
 */
import { randomUUID } from "node:crypto";
import { answerMapTiles } from "./fixtures";
import {
  apiSignIn,
  consoleUi,
  expect,
  expectNoAxeViolations,
  newAgent,
  openConsole,
  test,
} from "./support/console";
import { onDemandTimeout } from "./support/e2e-env";

test("a contact message appears in the inbox live, is read, handled and found by search", async ({
  clients,
  admin,
}) => {
  const colleague = await newAgent(admin, "Noor Haddad");
  const first = await clients.open(admin);
  const second = await clients.open(colleague.cookie);
  await openConsole(first.page, "/console/contacts");
  await openConsole(second.page, "/console/contacts");
  await expect(first.page.getByRole("heading", { name: "Contact messages" })).toBeVisible();

  // A visitor sends the contact form on the website.
  const visitor = await clients.open();
  const tag = randomUUID().slice(0, 8);
  const name = `Farah Malik ${tag}`;
  await answerMapTiles(visitor.page);
  await visitor.page.goto("/contact-us");
  await visitor.page.getByLabel("Name", { exact: true }).fill(name);
  await visitor.page.getByLabel("E-mail", { exact: true }).fill(`farah-${tag}@example.com`);
  await visitor.page.getByLabel(/^Phone/).fill("+91 98765 43210");
  await visitor.page
    .getByLabel("Message", { exact: true })
    .fill(`We are 35 people in Pune and want to track leave. Reference ${tag}.`);
  await visitor.page.getByRole("button", { name: /Send/ }).click();
  await expect(visitor.page.getByRole("dialog", { name: "Thank You!" })).toBeVisible();

  // Both consoles show it at the top, unread, with the count in the navigation.
  for (const client of [first, second]) {
    const item = client.page.getByTestId("contact-item").first();
    await expect(item).toContainText(name);
    await expect(item).toContainText("New");
    await expect(
      client.page.getByRole("navigation", { name: "Console" }).getByRole("link", {
        name: /Contact messages \d+ unread contact messages/,
      }),
    ).toBeVisible();
  }
  await expectNoAxeViolations(first.page);

  // Opening it marks it read for everyone; handling it shows who did it, everywhere.
  await first.page.getByTestId("contact-item").filter({ hasText: name }).click();
  const detail = first.page.getByTestId("contact-detail");
  await expect(detail.getByRole("heading", { name })).toBeFocused();
  await expect(detail).toContainText(`Reference ${tag}.`);
  await expect(detail.getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute(
    "href",
    "tel:+919876543210",
  );
  const mailto = await detail.getByRole("link", { name: "Reply by e-mail" }).getAttribute("href");
  expect(mailto).toMatch(new RegExp(`^mailto:farah-${tag}@example\\.com\\?subject=`));
  expect(decodeURIComponent(mailto ?? "")).toContain("subject=Re: your message to Hourline");
  expect(decodeURIComponent(mailto ?? "")).toContain(`> We are 35 people in Pune`);
  const secondItem = second.page.getByTestId("contact-item").filter({ hasText: name });
  await expect(secondItem).not.toContainText("New");
  await detail.getByRole("button", { name: "Mark as handled" }).click();
  await expect(detail.getByTestId("contact-state")).toHaveText(/^Handled by Support, /);
  await expect(secondItem).toContainText("Handled");
  await expectNoAxeViolations(first.page);

  // Search finds it by a word of its text, and filters show only what needs doing.
  await second.page.getByLabel("Search contact messages").fill(tag);
  await expect(second.page.getByTestId("contact-item")).toHaveCount(1);
  await expect(second.page).toHaveURL(new RegExp(`q=${tag}`));
  await second.page.getByRole("button", { name: "Not handled" }).click();
  await expect(second.page.getByText("No contact message matches.")).toBeVisible();
  await second.page.getByRole("button", { name: "All" }).click();
  await expect(second.page.getByTestId("contact-item")).toHaveCount(1);
  await second.page.getByLabel("Search contact messages").fill(`${tag}%`);
  await expect(second.page.getByText("No contact message matches.")).toBeVisible();
  await expectNoAxeViolations(second.page);

  // Back to unread on one screen is unread on the other.
  await detail.getByRole("button", { name: "Mark as unread" }).click();
  await second.page.getByLabel("Search contact messages").fill("");
  await expect(second.page.getByTestId("contact-item").filter({ hasText: name })).toContainText(
    "New",
  );
});

test("admins add agents, disable them (their console closes at once), enable them, set passwords", async ({
  clients,
  admin,
}) => {
  const { page, guard } = await clients.open(admin);
  // The browser logs the 409 an address already taken gets.
  guard.allowConsole(/status of 409/);
  await openConsole(page, "/console/agents");
  await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // Adding: the form names what is wrong, then creates the agent.
  const email = `ravi-${randomUUID().slice(0, 6)}@hourline.example`;
  const password = `first-${randomUUID()}`;
  const form = page.getByRole("region", { name: "Add an agent" });
  await form.getByLabel("Name").fill("Ravi Kumar");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill("short");
  await form.getByRole("button", { name: "Add agent" }).click();
  await expect(form.getByText("The password must have at least 12 characters.")).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByLabel("Password").fill(password);
  // A double click adds him once, without a second attempt told the address is taken.
  await form.getByRole("button", { name: "Add agent" }).dblclick();
  const row = page.getByTestId("agent-row").filter({ hasText: email });
  await expect(row).toContainText("Ravi Kumar");
  await expect(row).toContainText("Agent");
  await expect(page.getByRole("status").filter({ hasText: "Added Ravi Kumar." })).toBeVisible();
  await expect(form.getByText("An agent with this e-mail address already exists.")).toHaveCount(0);
  await form.getByLabel("Name").fill("Ravi Again");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Add agent" }).click();
  await expect(form.getByText("An agent with this e-mail address already exists.")).toBeVisible();

  // Ravi signs in and works; the admin disables him: his console goes to the sign-in page at once.
  const ravi = await clients.open(await apiSignIn(email, password));
  ravi.guard.allowConsole(/WebSocket connection to .* failed/);
  await openConsole(ravi.page);
  await expect(row).toContainText("Online");
  await row.getByRole("button", { name: "Disable Ravi Kumar" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Disable Ravi Kumar?" });
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Disable" }).click();
  await expect(row).toContainText("Disabled");
  await expect(ravi.page).toHaveURL(/\/console\/sign-in\?reason=expired$/, { timeout: 10_000 });
  // He cannot sign in while disabled; the message says nothing about why.
  await ravi.page.getByLabel("E-mail").fill(email);
  await ravi.page.getByLabel("Password").fill(password);
  await ravi.page.getByRole("button", { name: "Sign in" }).click();
  await expect(ravi.page.getByTestId("sign-in-problem")).toHaveText(
    "The e-mail or password is incorrect.",
  );

  // Enabled again, with a new password set by the admin: the old one no longer works.
  await row.getByRole("button", { name: "Enable Ravi Kumar" }).click();
  await expect(row).toContainText("Offline");
  await row.getByRole("button", { name: "New password" }).click();
  const dialog = page.getByRole("dialog", { name: "New password for Ravi Kumar" });
  await expectNoAxeViolations(page);
  const newPassword = `second-${randomUUID()}`;
  await dialog.getByLabel("New password").fill(newPassword);
  await dialog.getByRole("button", { name: "Set password" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Ravi Kumar has a new password")).toBeVisible();
  await ravi.page.getByLabel("Password").fill(password);
  await ravi.page.getByRole("button", { name: "Sign in" }).click();
  await expect(ravi.page.getByTestId("sign-in-problem")).toBeVisible();
  await ravi.page.getByLabel("Password").fill(newPassword);
  await ravi.page.getByRole("button", { name: "Sign in" }).click();
  await expect(consoleUi(ravi.page).connection).toHaveText("Connected", {
    timeout: onDemandTimeout,
  });

  // Made an admin, he sees the agents screen; made an agent again, he does not.
  await row.getByRole("button", { name: "Make admin" }).click();
  await expect(row).toContainText("Admin");
  await row.getByRole("button", { name: "Make agent" }).click();
  await expect(row.getByRole("button", { name: "Make admin" })).toBeVisible();
  // Admins cannot disable or demote themselves here.
  await expect(
    page.getByTestId("agent-row").filter({ hasText: "(you)" }).getByRole("button"),
  ).toHaveCount(0);
});

test("an agent changes their own password; other sessions end, this one stays", async ({
  clients,
  admin,
}) => {
  const agent = await newAgent(admin, "Password Changer");
  const other = await clients.open(await apiSignIn(agent.email, agent.password));
  other.guard.allowConsole(/WebSocket connection to .* failed/);
  await openConsole(other.page);
  const { page, guard } = await clients.open(agent.cookie);
  // The browser logs the 400 a wrong current password gets.
  guard.allowConsole(/status of 400/);
  await openConsole(page, "/console/settings");
  // No agents screen for an agent.
  await expect(
    page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Agents" }),
  ).toHaveCount(0);

  const section = page.getByRole("region", { name: "Password" });
  await section.getByLabel("Current password").fill("not my password at all");
  await section.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await section.getByLabel("New password again").fill("a-brand-new-password");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByText("Your current password is not correct.")).toBeVisible();
  await expectNoAxeViolations(page);

  await section.getByLabel("Current password").fill(agent.password);
  await section.getByLabel("New password again").fill("a-different-password");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByText("The two new passwords differ.")).toBeVisible();
  await section.getByLabel("New password again").fill("a-brand-new-password");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByText("Your password is changed.")).toBeVisible();

  await expect(other.page).toHaveURL(/\/console\/sign-in\?reason=expired$/, { timeout: 10_000 });
  await page.getByRole("link", { name: "Inbox" }).click();
  await expect(consoleUi(page).connection).toHaveText("Connected", { timeout: onDemandTimeout });
  expect(await apiSignIn(agent.email, "a-brand-new-password")).toMatch(/^hl_agent=/);
  await page.goto("/console/agents");
  await expect(page.getByText("Only an admin can manage agents.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("desktop notifications turned on from the sidebar: Settings shows the browser's answer at once", async ({
  clients,
  admin,
}) => {
  const { page } = await clients.open(admin);
  // A browser that has not been asked yet, and says yes when it is.
  await page.addInitScript(() => {
    class AskedNotification {
      static permission: NotificationPermission = "default";
      static requestPermission = () => {
        AskedNotification.permission = "granted";
        return Promise.resolve(AskedNotification.permission);
      };
      close() {}
    }
    Object.defineProperty(window, "Notification", { value: AskedNotification });
  });
  await openConsole(page, "/console/settings");
  const alerts = page.getByRole("region", { name: /^Alerts while/ });
  await expect(alerts.getByText("This browser has not been asked yet.")).toBeVisible();

  const offer = page.getByRole("region", { name: "Desktop notifications" });
  await offer.getByRole("button", { name: "Turn on" }).click();
  await expect(offer).toHaveCount(0);
  await expect(alerts.getByText("This browser allows them.")).toBeVisible();
  await expect(
    alerts.getByRole("button", { name: "Allow notifications in this browser" }),
  ).toHaveCount(0);
});
