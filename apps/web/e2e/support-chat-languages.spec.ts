/**
 * The widget in the visitor's language (issue 32): a browser in Arabic gets it right to left from
 * registration to rating, with the code mail in Arabic; a browser in German gets German, a German
 * code mail and a wrong code refused in German; the picker switches and the choice outlives a
 * reload, with only the chosen language's catalogue fetched; the pseudo-locale (40% longer,
 * accented) at 360 px clips nothing. axe is clean in each. SCREENSHOTS=1 saves the Arabic, German and pseudo-locale widgets at 360 px
 * to docs/screenshots.
 */
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { brandFacts } from "@hourline/brand/brand-facts";
import ar from "../app/features/support-chat/i18n/catalogues/ar";
import de from "../app/features/support-chat/i18n/catalogues/de";
import he from "../app/features/support-chat/i18n/catalogues/he";
import pseudo from "../app/features/support-chat/i18n/catalogues/pseudo";
import { expectNoAxeViolations } from "./fixtures";
import { chatForm, expect, launcher, test, visitorEmail } from "./support/chat-widget";
import { onDemandTimeout } from "./support/e2e-env";
import { readMailsTo } from "./support/mailbox";

const screenshots = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));
const phone = { width: 360, height: 740 };

async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== "1") return;
  await page.screenshot({ path: `${screenshots}${name}` });
}

async function openIn(page: Page, title: string): Promise<Locator> {
  await launcher(page).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible({ timeout: onDemandTimeout });
  return dialog;
}

/** The widget's root: the element that carries its language and direction. */
const widgetRoot = (dialog: Locator) => dialog.locator("xpath=ancestor::div[@dir][1]");

/** The one code mail to `email`, decoded, once it is there. */
async function codeMail(email: string) {
  await expect.poll(() => readMailsTo(email).length, { timeout: 15_000 }).toBe(1);
  const [mail] = readMailsTo(email);
  const code = /^(\d{6})\r?$/m.exec(mail?.text ?? "")?.[1];
  expect(code).toBeTruthy();
  return { subject: mail?.subject ?? "", text: mail?.text ?? "", code: code ?? "" };
}

test.describe("a browser in Arabic", () => {
  test.use({ locale: "ar", timezoneId: "UTC", viewport: phone });

  test("gets a right-to-left widget end to end: register, the code mail in Arabic, chat, end, rating", async ({
    page,
    agents,
  }) => {
    await page.goto("/");
    const dialog = await openIn(page, ar.title);
    await expect(widgetRoot(dialog)).toHaveAttribute("dir", "rtl");
    await expect(widgetRoot(dialog)).toHaveAttribute("lang", "ar");
    await expect(dialog).toHaveCSS("direction", "rtl");
    await expect(dialog.getByLabel(ar.languageLabel)).toHaveValue("ar");

    // Laid out right to left: a field's label text starts at the right edge of the panel.
    const panelBox = await dialog.boundingBox();
    const label = await dialog.locator("label[for=chat-name]").evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    });
    if (!panelBox) throw new Error("no layout");
    expect(panelBox.x + panelBox.width - label.right).toBeLessThan(40);
    expect(label.left - panelBox.x).toBeGreaterThan(100);

    const email = visitorEmail("arabic");
    await dialog.getByLabel(ar.nameLabel, { exact: true }).fill("ليلى حداد");
    await dialog.getByLabel(ar.emailLabel, { exact: true }).fill(email);
    const codeRequest = page.waitForRequest((r) => r.url().endsWith("/otp_generate_chat"));
    await dialog.getByRole("button", { name: ar.sendCode }).click();
    expect((await codeRequest).postDataJSON()).toEqual({ email, language: "ar" });
    // The address keeps its own order inside the Arabic sentence.
    await expect(dialog.locator("#chat-code-hint")).toContainText(`\u2068${email}\u2069`);

    const mail = await codeMail(email);
    expect(mail.subject).toBe(`رمز الدردشة الخاص بك من ${brandFacts.name}`);
    expect(mail.text).toContain(`هذا هو رمزك لبدء محادثة مع فريق دعم ${brandFacts.name}:`);
    await dialog.getByLabel(ar.codeLabel).fill(mail.code);
    await dialog.getByRole("button", { name: ar.verifyCode }).click();
    await expect(dialog.locator("#chat-email-verified")).toHaveText(ar.verified);
    await expectNoAxeViolations(page);
    await shoot(page, "widget-ar-360.png");

    const registered = page.waitForResponse((r) => r.url().endsWith("/api/support/register"));
    await dialog.getByRole("button", { name: ar.startChat }).click();
    const response = await registered;
    expect(response.request().postDataJSON()).toMatchObject({ email, language: "ar" });
    const { conversation_id: conversationId } = (await response.json()) as {
      conversation_id: number;
    };
    await expect(dialog.getByTestId("chat-connection")).toHaveText(ar.connected, {
      timeout: onDemandTimeout,
    });

    const editor = dialog.getByRole("textbox", { name: ar.editorLabel });
    await editor.fill("مرحبًا، لدي سؤال عن الفاتورة");
    await editor.press("Enter");
    const mine = dialog.getByTestId("chat-message").first();
    await expect(mine.getByText(ar.sent)).toBeVisible();
    await expect(mine).toContainText(ar.you);

    const agent = await agents.connect();
    await agent.reply(conversationId, "Hello Layla, let me check that invoice.");
    const theirs = dialog.getByTestId("chat-message").nth(1);
    await expect(theirs).toContainText("Hello Layla");
    // English inside the Arabic chat reads left to right, in its own isolated body.
    await expect(theirs.getByTestId("chat-message-body")).toHaveCSS("direction", "ltr");
    // Mirrored: the visitor's own messages on the left, support's on the right.
    const mineBox = await mine.boundingBox();
    const theirsBox = await theirs.boundingBox();
    if (!mineBox || !theirsBox) throw new Error("no layout");
    expect(mineBox.x).toBeLessThan(theirsBox.x);
    expect(theirsBox.x + theirsBox.width).toBeGreaterThan(panelBox.x + panelBox.width - 40);
    await expectNoAxeViolations(page);

    // The end confirmation is drawn outside the widget (on <body>) and is right to left too.
    await dialog.getByRole("button", { name: ar.endTrigger }).click();
    const confirm = page.getByRole("alertdialog", { name: ar.endTitle });
    await expect(confirm).toHaveAttribute("dir", "rtl");
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: ar.endKeep }).click();

    // Support ends it: the notice in Arabic and the rating, sent in Arabic.
    await agent.endChat(conversationId);
    await expect(dialog.locator("#chat-ended-note")).toContainText("أنهى فريق دعم");
    await expect(dialog.getByRole("group", { name: ar.ratingQuestion })).toBeVisible();
    await dialog.getByRole("radio", { name: new RegExp(ar.rating5) }).check();
    await dialog.getByLabel(ar.ratingComment).fill("خدمة رائعة، شكرًا");
    const rated = page.waitForResponse((r) => r.url().endsWith("/api/support/rating"));
    await dialog.getByRole("button", { name: ar.ratingSend }).click();
    expect((await rated).status()).toBe(200);
    await expect(dialog.getByRole("status")).toHaveText(ar.ratingThanks);
    await expectNoAxeViolations(page);
  });
});

test.describe("a browser in German", () => {
  test.use({ locale: "de-DE", timezoneId: "Europe/Berlin", viewport: phone });

  test("gets the widget, the code mail and a wrong code's refusal in German", async ({
    page,
    guard,
  }) => {
    // The wrong code's 400, which the browser logs.
    guard.allowConsole(/status of 400/);
    await page.goto("/");
    const dialog = await openIn(page, de.title);
    await expect(widgetRoot(dialog)).toHaveAttribute("lang", "de");
    await expect(widgetRoot(dialog)).toHaveAttribute("dir", "ltr");
    await expect(dialog.getByRole("heading", { name: de.formTitle })).toBeVisible();

    const name = dialog.getByLabel(de.nameLabel, { exact: true });
    await name.focus();
    await name.blur();
    await expect(dialog.locator("#chat-name-error")).toHaveText(de.nameRequired);
    await name.fill("Jürgen Weiß");

    const email = visitorEmail("german");
    await dialog.getByLabel(de.emailLabel, { exact: true }).fill(email);
    const codeRequest = page.waitForRequest((r) => r.url().endsWith("/otp_generate_chat"));
    await dialog.getByRole("button", { name: de.sendCode }).click();
    expect((await codeRequest).postDataJSON()).toEqual({ email, language: "de" });
    await expect(dialog.locator("#chat-code-hint")).toHaveText(
      `Wir haben einen 6-stelligen Code an ${email} geschickt. Er ist 10 Minuten gültig.`,
    );
    const mail = await codeMail(email);
    expect(mail.subject).toBe(`Ihr Code für den ${brandFacts.name}-Chat`);
    await expectNoAxeViolations(page);
    await shoot(page, "widget-de-360.png");

    // A wrong code: the server refuses it in English, the widget says it in German.
    const wrong = mail.code === "000000" ? "111111" : "000000";
    await dialog.getByLabel(de.codeLabel).fill(wrong);
    await dialog.getByRole("button", { name: de.verifyCode }).click();
    await expect(dialog.locator("#chat-code-error")).toHaveText(
      "Dieser Code stimmt nicht. Sie haben noch 4 Versuche.",
    );
  });
});

test.describe("the language picker", () => {
  test.use({ locale: "en-US" });

  test("switches the widget at once, and the choice outlives a reload", async ({ page }) => {
    const catalogues: string[] = [];
    page.on("request", (r) => {
      const file = /\/assets\/(ar|de|es|fr|he|hi|it|nl|pl|pt-br|tr|pseudo)-[\w-]+\.js$/.exec(
        r.url(),
      );
      if (file?.[1]) catalogues.push(file[1]);
    });
    await page.goto("/");
    let dialog = await openIn(page, "Support Chat");
    await expect(widgetRoot(dialog)).toHaveAttribute("dir", "ltr");
    // English is bundled: nothing else was fetched.
    expect(catalogues).toEqual([]);

    await dialog.getByLabel("Language").selectOption("he");
    dialog = page.getByRole("dialog", { name: he.title });
    await expect(dialog).toBeVisible();
    await expect(widgetRoot(dialog)).toHaveAttribute("dir", "rtl");
    await expect(widgetRoot(dialog)).toHaveAttribute("lang", "he");
    await expect(dialog.getByRole("button", { name: he.startChat })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(catalogues).toEqual(["he"]);

    await page.reload();
    dialog = await openIn(page, he.title);
    await expect(dialog.getByLabel(he.languageLabel)).toHaveValue("he");
    expect(catalogues).toEqual(["he", "he"]);

    await dialog.getByLabel(he.languageLabel).selectOption("en");
    dialog = page.getByRole("dialog", { name: "Support Chat" });
    await expect(widgetRoot(dialog)).toHaveAttribute("dir", "ltr");
    await expect(chatForm(dialog).start).toBeVisible();
  });
});

test.describe("the pseudo-locale", () => {
  test.use({ locale: "en-US", viewport: phone });

  /** What in the panel overflows it, or is cut by its own box (text wider than an element that hides it). */
  async function clipped(page: Page): Promise<string[]> {
    return page.getByTestId("support-chat").evaluate((panel) => {
      const box = panel.getBoundingClientRect();
      const found: string[] = [];
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
      for (const el of panel.querySelectorAll("*")) {
        if (el.closest(".sr-only") || el.closest("[hidden]")) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1) found.push(`${name(el)} overflows`);
        // A text field scrolls a long value by design; anything else that hides text clips it.
        if (el.matches("input, textarea")) continue;
        const style = getComputedStyle(el);
        if (style.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1) {
          found.push(`${name(el)} is ${el.scrollWidth - el.clientWidth} px wider than it shows`);
        }
      }
      return found;
    });
  }

  test("at 360 px, text 40% longer than English is neither clipped nor overflowing", async ({
    page,
  }) => {
    await page.goto("/?chat-lang=en-XA");
    const dialog = await openIn(page, pseudo.title);
    await expect(dialog.getByLabel(pseudo.languageLabel)).toHaveValue("en-XA");
    const name = dialog.getByLabel(pseudo.nameLabel, { exact: true });
    await name.focus();
    await name.blur();
    await dialog.getByRole("button", { name: pseudo.startChat }).click();
    await expect(dialog.locator("#chat-start-error")).toHaveText(pseudo.missingName);
    expect(await clipped(page)).toEqual([]);

    await name.fill("Meera Joshi");
    const email = visitorEmail("pseudo");
    await dialog.getByLabel(pseudo.emailLabel, { exact: true }).fill(email);
    await dialog.getByRole("button", { name: pseudo.sendCode }).click();
    await expect(dialog.locator("#chat-code-hint")).toBeVisible();
    expect(await clipped(page)).toEqual([]);
    await shoot(page, "widget-en-xa-360.png");

    // The pseudo-locale's mails are English: the server knows no such language.
    const mail = await codeMail(email);
    await dialog.getByLabel(pseudo.codeLabel).fill(mail.code);
    await dialog.getByRole("button", { name: pseudo.verifyCode }).click();
    await dialog.getByRole("button", { name: pseudo.startChat }).click();
    await expect(dialog.getByTestId("chat-connection")).toHaveText(pseudo.connected, {
      timeout: onDemandTimeout,
    });
    expect(await clipped(page)).toEqual([]);
    await dialog.getByRole("button", { name: pseudo.endTrigger }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    const dialogClipped = await page
      .getByRole("alertdialog")
      .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(dialogClipped).toBe(false);
  });
});
