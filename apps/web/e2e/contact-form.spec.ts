/**
 * The contact form in a real browser against the real server: validation on blur and on submit,
 * the thank-you dialog and the cleared form, a failure that keeps the values and offers a retry, the
 * rate-limit message, the keyboard alone, axe in every state, and the plain form without JavaScript.
 * (That the message is stored and its mail enqueued is checked against the database in Vitest.)
 */
import type { Page } from "@playwright/test";
import { answerMapTiles, expect, expectNoAxeViolations, goOffline, test } from "./fixtures";
import { onDemandTimeout } from "./support/e2e-env";

const ENDPOINT = "**/api/support/contact_us";

// The page's map loads tiles once it scrolls into view; a local PNG answers them.
test.beforeEach(async ({ page }) => {
  await answerMapTiles(page);
});

const visitor = {
  name: "Meera Joshi",
  email: "meera@lakeside-clinic.example",
  phone: "+91 20 5550 1234",
  message: "We run three clinics and would like to try attendance and leave for 60 people.",
};

function fields(page: Page) {
  const form = page.locator("form[action='/api/support/contact_us']");
  return {
    form,
    name: form.getByLabel("Name", { exact: true }),
    email: form.getByLabel("E-mail", { exact: true }),
    phone: form.getByLabel("Phone (optional)"),
    message: form.getByLabel("Message", { exact: true }),
    submit: form.getByRole("button", { name: "Send message" }),
  };
}

async function fillVisitor(page: Page) {
  const f = fields(page);
  await f.name.fill(visitor.name);
  await f.email.fill(visitor.email);
  await f.phone.fill(visitor.phone);
  await f.message.fill(visitor.message);
}

async function openContactPage(page: Page) {
  await page.goto("/contact-us");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Talk to the people who build Hourline",
  );
  // Hydrated: React has taken over the form (the browser's own checks are off).
  await expect(fields(page).form).toHaveAttribute("novalidate", "");
}

test.describe("contact form", () => {
  test("shows each field's error when it is left, and clears it once fixed", async ({ page }) => {
    await openContactPage(page);
    const f = fields(page);

    await f.name.focus();
    await f.name.blur();
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    const nameError = page.locator("#contact-name-error");
    await expect(nameError).toHaveText("Please enter your name.");
    await expect(f.name).toHaveAttribute(
      "aria-describedby",
      "contact-name-hint contact-name-error",
    );
    // Announced through the form's polite live region.
    await expect(page.locator("form p[aria-live='polite']")).toHaveText(
      "Name: Please enter your name.",
    );

    await f.email.fill("meera@clinic");
    await f.email.blur();
    await expect(page.locator("#contact-email-error")).toHaveText(
      "Please enter a valid e-mail address, like name@company.com.",
    );
    await expect(f.email).toHaveAttribute(
      "aria-describedby",
      "contact-email-hint contact-email-error",
    );

    // The phone number is optional: left empty it is not an error; letters are.
    await f.phone.focus();
    await f.phone.blur();
    await expect(f.phone).not.toHaveAttribute("aria-invalid");
    await f.phone.fill("call me");
    await f.phone.blur();
    await expect(page.locator("#contact-phone_numbers-error")).toHaveText(
      "Please use only digits, spaces and the characters + ( ) -.",
    );

    // Fixing a field clears its message as the visitor types.
    await f.name.fill("Meera");
    await expect(nameError).toHaveCount(0);
    await expect(f.name).not.toHaveAttribute("aria-invalid");
    await f.email.fill(visitor.email);
    await expect(page.locator("#contact-email-error")).toHaveCount(0);
  });

  test("on submit lists every problem, focuses the first field and sends nothing", async ({
    page,
  }) => {
    let posted = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/support/contact_us")) posted++;
    });
    await openContactPage(page);
    const f = fields(page);
    await f.phone.fill("12");
    await f.submit.click();

    const summary = page.getByRole("alert").filter({ hasText: "need your attention" });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("heading")).toHaveText("4 things need your attention");
    await expect(summary.getByRole("link")).toHaveText([
      "Please enter your name.",
      "Please enter your e-mail address.",
      "That phone number looks too short.",
      "Please write your message.",
    ]);
    await expect(f.name).toBeFocused();
    for (const field of [f.name, f.email, f.phone, f.message]) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
    }

    // A summary link takes the visitor to its field.
    await summary.getByRole("link", { name: "Please write your message." }).click();
    await expect(f.message).toBeFocused();
    await expectNoAxeViolations(page);
    expect(posted).toBe(0);
  });

  test("sends, clears the form and thanks the visitor in a dialog", async ({ page }) => {
    await openContactPage(page);
    const f = fields(page);
    await fillVisitor(page);
    const answer = page.waitForResponse(
      (r) => r.url().endsWith("/api/support/contact_us") && r.request().method() === "POST",
    );
    await f.submit.click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 200 });
    expect(response.request().postDataJSON()).toEqual({
      name: visitor.name,
      email: visitor.email,
      phone_numbers: visitor.phone,
      message: visitor.message,
      website: "",
    });

    const dialog = page.getByRole("dialog", { name: "Thank You!" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "Your message was sent. Our team will get back to you soon.",
    );
    const ok = dialog.getByRole("button", { name: "OK" });
    await expect(ok).toBeFocused();
    await expectNoAxeViolations(page);

    for (const field of [f.name, f.email, f.phone, f.message]) await expect(field).toHaveValue("");
    await ok.click();
    await expect(dialog).toBeHidden();
    await expect(f.name).toBeFocused();
    // A cleared form is not an invalid one.
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(f.name).not.toHaveAttribute("aria-invalid");
  });

  test("keeps the values and offers a retry when the server fails", async ({ page, guard }) => {
    guard.allowConsole(/status of 500/);
    await openContactPage(page);
    const f = fields(page);
    await fillVisitor(page);

    await page.route(ENDPOINT, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({
          status: 500,
          error: { code: "internal", message: "Something went wrong on our side." },
        }),
      }),
    );
    await f.submit.click();
    const problem = page.getByTestId("contact-problem");
    await expect(problem).toBeVisible();
    await expect(problem).toHaveAttribute("role", "alert");
    await expect(problem).toContainText("Your message was not sent");
    await expect(problem).toContainText("Your text is still here");
    await expect(f.name).toHaveValue(visitor.name);
    await expect(f.email).toHaveValue(visitor.email);
    await expect(f.phone).toHaveValue(visitor.phone);
    await expect(f.message).toHaveValue(visitor.message);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The server is back: Retry sends the same values.
    await page.unroute(ENDPOINT);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/support/contact_us"));
    await problem.getByRole("button", { name: "Retry" }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole("dialog", { name: "Thank You!" })).toBeVisible();
    await expect(problem).toHaveCount(0);
    await expect(f.message).toHaveValue("");
  });

  test("shows that it is sending and sends once however often Send is pressed", async ({
    page,
  }) => {
    await openContactPage(page);
    const f = fields(page);
    await fillVisitor(page);
    let posted = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENDPOINT, async (route) => {
      posted++;
      await held;
      await route.fulfill({ status: 200, json: { status: 200 } });
    });
    await f.submit.click();
    const sending = f.form.getByRole("button", { name: "Sending…" });
    await expect(sending).toHaveAttribute("aria-disabled", "true");
    await expect(f.form).toHaveAttribute("aria-busy", "true");
    // aria-disabled keeps the button in the tab order and clickable, so press it for real.
    await sending.click({ force: true });
    await page.keyboard.press("Enter");
    release();
    await expect(page.getByRole("dialog", { name: "Thank You!" })).toBeVisible();
    expect(posted).toBe(1);
  });

  test("says so when the network fails, values kept", async ({ page, guard }) => {
    guard.allowConsole(/net::ERR_FAILED|Failed to fetch/);
    await openContactPage(page);
    const f = fields(page);
    await fillVisitor(page);
    await page.route(ENDPOINT, (route) => route.abort("failed"));
    await f.submit.click();
    const problem = page.getByTestId("contact-problem");
    await expect(problem).toContainText("We could not reach our server");
    await expect(problem.getByRole("button", { name: "Retry" })).toBeVisible();
    await expect(f.message).toHaveValue(visitor.message);
  });

  test("tells a rate-limited visitor when to try again", async ({ page, guard }) => {
    guard.allowConsole(/status of 429/);
    await openContactPage(page);
    const f = fields(page);
    await fillVisitor(page);
    await page.route(ENDPOINT, (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "540" },
        contentType: "application/json",
        body: JSON.stringify({
          status: 429,
          error: { code: "rate_limited", message: "Too many requests." },
        }),
      }),
    );
    await f.submit.click();
    const problem = page.getByTestId("contact-problem");
    await expect(problem).toContainText("Please wait a little");
    await expect(problem).toContainText("Please try again in 9 minutes.");
    await expect(problem.getByRole("button", { name: "Retry" })).toHaveCount(0);
    await expect(f.message).toHaveValue(visitor.message);
    await expectNoAxeViolations(page);
  });

  test("can be completed with the keyboard alone", async ({ page }) => {
    await openContactPage(page);
    const f = fields(page);
    // From the page's heading, Tab walks through the contact details into the form, in order.
    await page.getByRole("heading", { level: 1 }).click();
    for (
      let i = 0;
      i < 10 && !(await f.name.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(f.name).toBeFocused();
    await page.keyboard.type(visitor.name);
    await page.keyboard.press("Tab");
    await expect(f.email).toBeFocused();
    await page.keyboard.type(visitor.email);
    await page.keyboard.press("Tab");
    await expect(f.phone).toBeFocused();
    // The phone is optional: skip it.
    await page.keyboard.press("Tab");
    await expect(f.message).toBeFocused();
    await page.keyboard.type(visitor.message);
    // The honeypot is not in the tab order: the next stop is the submit button.
    await page.keyboard.press("Tab");
    await expect(f.submit).toBeFocused();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Thank You!" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
    // Focus stays inside the dialog while it is open.
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(f.name).toBeFocused();
    await expect(f.message).toHaveValue("");
  });

  test("keeps the honeypot away from people and assistive technology", async ({ page }) => {
    await openContactPage(page);
    const trap = page.locator("#contact-website");
    await expect(trap).toHaveAttribute("name", "website");
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    const wrapper = trap.locator("xpath=..");
    await expect(wrapper).toHaveAttribute("aria-hidden", "true");
    // Visually hidden: a 1 px clipped box, not display:none (which some bots skip).
    const box = await wrapper.boundingBox();
    expect((box?.width ?? 0) * (box?.height ?? 0)).toBeLessThanOrEqual(1);
    await expect(wrapper).toHaveCSS("overflow", "hidden");
    await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
  });

  test("passes axe on arrival", async ({ page }) => {
    await openContactPage(page);
    await expectNoAxeViolations(page);
  });

  test("offline, fetches nothing and keeps the plain form; checks arrive once back online", async ({
    page,
    context,
  }) => {
    const island: string[] = [];
    page.on("request", (r) => {
      if (/contact-form-island/.test(new URL(r.url()).pathname)) island.push(r.url());
    });
    // On a phone the form sits below the contact cards, out of the island's reach at first.
    await page.setViewportSize({ width: 375, height: 600 });
    await page.goto("/contact-us");
    await page.waitForLoadState("networkidle");
    const f = fields(page);
    expect(island, "the island loaded before the form came near").toEqual([]);
    await goOffline(page);
    await f.form.scrollIntoViewIfNeeded();
    // Two frames: the observer has seen the form near by then.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
    expect(island, "offline, the island was fetched").toEqual([]);
    // The plain form is there, the browser's own checks on, what is typed kept.
    await expect(f.form).not.toHaveAttribute("novalidate");
    await f.name.fill(visitor.name);

    await context.setOffline(false);
    await expect(f.form).toHaveAttribute("novalidate", "", { timeout: onDemandTimeout });
    expect(island).toHaveLength(1);
    await expect(f.name).toHaveValue(visitor.name);
    // Hydrated: leaving a field empty shows its error inline.
    await f.email.focus();
    await f.email.blur();
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the plain form and lands on the site's thank-you page", async ({ page }) => {
    await page.goto("/contact-us");
    const f = fields(page);
    await expect(f.form).not.toHaveAttribute("novalidate");
    await expect(f.name).toHaveAttribute("required", "");
    await expect(f.phone).not.toHaveAttribute("required");
    await fillVisitor(page);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/support/contact_us")),
      f.submit.click(),
    ]);
    // See other: the browser asks for the thank-you page, so a reload sends nothing again.
    expect(answer.status()).toBe(303);
    await expect(page).toHaveURL(/\/contact-us\/thanks$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You!");
    await expect(
      page.getByText("Your message was sent. Our team will get back to you soon."),
    ).toBeVisible();
    // A page of the site: its header and footer, its look, and never indexed.
    await expect(page.getByRole("banner").getByRole("link", { name: "Pricing" })).toBeVisible();
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();

    const reload = await page.reload();
    expect(reload?.request().method()).toBe("GET");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You!");

    await page.getByRole("link", { name: "Back to the contact page" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
  });

  test("answers a message the server refuses on a page of the site, values kept, then sends it", async ({
    page,
    guard,
  }) => {
    guard.allowConsole(/status of 400/);
    await page.goto("/contact-us");
    const f = fields(page);
    await f.name.fill(visitor.name);
    // The browser's own check accepts this address; the shared schema does not.
    await f.email.fill("meera@clinic");
    await f.phone.fill(visitor.phone);
    await f.message.fill(visitor.message);
    await f.submit.click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please check your message");
    await expect(page.getByRole("banner").getByRole("link", { name: "Pricing" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("One thing needs your attention");
    await expect(alert).toContainText(
      "Please enter a valid e-mail address, like name@company.com.",
    );
    const again = fields(page);
    await expect(again.name).toHaveValue(visitor.name);
    await expect(again.email).toHaveValue("meera@clinic");
    await expect(again.email).toHaveAttribute("aria-invalid", "true");
    await expect(again.email).toHaveAccessibleDescription(
      "We reply to this address. Please enter a valid e-mail address, like name@company.com.",
    );
    await expect(again.phone).toHaveValue(visitor.phone);
    await expect(again.message).toHaveValue(visitor.message);

    // The summary's link leads to the field; fixed, the message goes.
    await alert.getByRole("link").click();
    await expect(page).toHaveURL(/#contact-email$/);
    await again.email.fill(visitor.email);
    await again.submit.click();
    await expect(page).toHaveURL(/\/contact-us\/thanks$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You!");
  });
});

test.describe("pages that answer the plain form", () => {
  // axe needs JavaScript in the page, so these pages are reached by the browser's own form
  // submission (which skips React's handler), exactly as without JavaScript.
  test("pass axe: the form with its errors, then the thank-you page", async ({ page, guard }) => {
    guard.allowConsole(/status of 400/);
    await openContactPage(page);
    const f = fields(page);
    await f.name.fill(visitor.name);
    await f.email.fill("meera@clinic");
    await f.message.fill(visitor.message);
    const submitNatively = () =>
      page
        .locator("form[action='/api/support/contact_us']")
        .evaluate((form: HTMLFormElement) => HTMLFormElement.prototype.submit.call(form));

    await submitNatively();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please check your message");
    await expectNoAxeViolations(page);

    await fields(page).email.fill(visitor.email);
    await submitNatively();
    await expect(page).toHaveURL(/\/contact-us\/thanks$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You!");
    await expectNoAxeViolations(page);
  });
});
