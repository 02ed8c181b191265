/**
 * The link back into the chat, from a mail in the SMTP sink: a visitor asks for the transcript and
 * ends the chat; a fresh browser opens the transcript's link and lands on the site with the chat
 * open and connected, no form and no code; the same link again opens the form with a word on why.
 */
import {
  chatForm,
  chatPanel,
  expect,
  openChat,
  startChat,
  test,
  visitorEmail,
} from "./support/chat-widget";
import { rawMailsTo } from "./support/mailbox";

/** The resume link in a raw mail (quoted-printable: soft breaks and "=3D" undone). */
function resumePath(raw: string): string | undefined {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  return /\/chat\/resume\?token=[\w-]{43}/.exec(text)?.[0];
}

test("a mail's link opens the chat in a fresh browser without a code, once", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto("/");
  const dialog = await openChat(page);
  const email = visitorEmail("resume");
  await startChat(page, dialog, { name: "Nadia Fernandes", email, transcript: true });
  const panel = chatPanel(dialog);
  await panel.editor.fill("Please send the invoice again");
  await panel.editor.press("Enter");
  await expect(panel.messages.last().getByText("Sent")).toBeVisible();
  await panel.endChat.click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /Confirm|End chat/ })
    .click();

  let path: string | undefined;
  await expect
    .poll(() => (path = rawMailsTo(email).map(resumePath).find(Boolean)), { timeout: 20_000 })
    .toBeTruthy();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(path as string);
  await expect(other).toHaveURL(/\/$/);
  const opened = other.getByRole("dialog", { name: "Support Chat" });
  await expect(chatPanel(opened).connection).toHaveText("Connected", { timeout: 20_000 });
  await expect(chatForm(opened).email).toHaveCount(0);
  await fresh.close();

  const again = await browser.newContext();
  const late = await again.newPage();
  await late.goto(path as string);
  const form = late.getByRole("dialog", { name: "Support Chat" });
  await expect(form.getByRole("alert")).toContainText("That link has been used", {
    timeout: 20_000,
  });
  await again.close();
});

/** The proof link in a raw code mail (quoted-printable undone as above). */
function proofPath(raw: string): string | undefined {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  return /\/chat\/prove\?token=[\w-]+\.\d{13}\.[\w-]{43}/.exec(text)?.[0];
}

test("a code mail's proof link marks the browser that opens it and says so", async ({
  page,
  browser,
}) => {
  await page.goto("/");
  const dialog = await openChat(page);
  const email = visitorEmail("proof");
  const form = chatForm(dialog);
  await form.email.fill(email);
  await form.sendCode.click();
  await expect(form.code).toBeFocused();
  let path: string | undefined;
  await expect
    .poll(() => (path = rawMailsTo(email).map(proofPath).find(Boolean)), { timeout: 20_000 })
    .toBeTruthy();

  // Opened in another browser, as from a phone's mail app: that browser is marked, not signed in.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(path as string);
  await expect(other).toHaveURL(/\/$/);
  const opened = other.getByRole("dialog", { name: "Support Chat" });
  await expect(opened.getByRole("alert")).toContainText(
    "Your address is confirmed in this browser",
  );
  await expect(chatForm(opened).name).toBeVisible();
  const cookies = await fresh.cookies();
  expect(cookies.find((c) => c.name.endsWith("hl_code_proven"))?.httpOnly).toBe(true);
  expect(cookies.some((c) => c.name.endsWith("hl_chat"))).toBe(false);
  await fresh.close();
});
