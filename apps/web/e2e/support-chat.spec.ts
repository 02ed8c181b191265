/**
 * The visitor's support chat in a real browser against the real server, the SMTP sink and a support
 * agent on the real agent socket: the lazy launcher, registration with the mailed code and its
 * messages, the conversation both ways, images, both ways of ending, a reload that keeps what was
 * typed, XSS sent by an agent (and by a server that forgot to sanitize), and axe in every state.
 *
 * The tests of this file run one after another in one worker: whether an agent is online is a
 * fact about the whole server, and one test checks what a visitor sees when none is.
 */
import type { Page, Request, WebSocketRoute } from "@playwright/test";
import sharp from "sharp";
import { chatLimits } from "@hourline/contracts/chat-message";
import { xssPayloads } from "../../server/test/xss-corpus";
import { expectNoAxeViolations, oversizedImageFile, switchScheme } from "./fixtures";
import type { AgentSocket, Frame } from "./support/agent-client";
import {
  chatForm,
  chatPanel,
  expect,
  launcher,
  openChat,
  startChat,
  teamPresence,
  test,
  visitorEmail,
} from "./support/chat-widget";
import { nextChatCode } from "./support/mailbox";
import { onDemandTimeout } from "./support/e2e-env";

test.describe.configure({ mode: "default" });

// Inside hours (none are set in these tests) with nobody online: the schedule-driven wording.
const offlineText =
  "Nobody from the team is online right now. Leave a message: we will answer here, or by e-mail if you have left.";

/** The frames the agent got for this conversation's messages. */
const messageFrom = (conversationId: number, text: string) => (f: Frame) =>
  f.message_type === "message" &&
  f.conversation_id === conversationId &&
  typeof f.message === "string" &&
  f.message.includes(text);

test.describe("launcher", () => {
  test("loads no chat code and calls no chat endpoint until it is opened", async ({ page }) => {
    const requests: string[] = [];
    const scripts: Promise<string>[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.text());
    });
    await page.goto("/");
    await expect(launcher(page)).toBeVisible();
    await page.waitForLoadState("networkidle");

    const chatCode = /support-chat-widget|\/api\/support\/(?!contact_us)|\/ws\//;
    expect(requests.filter((u) => chatCode.test(u))).toEqual([]);
    // Nor is any of it inlined in what loaded: the socket path and DOMPurify's options.
    for (const body of await Promise.all(scripts)) {
      expect(body).not.toContain("/ws/support/");
      expect(body).not.toContain("ALLOWED_TAGS");
    }
    await expectNoAxeViolations(page);

    const before = requests.length;
    await openChat(page);
    expect(
      requests.slice(before).some((u) => /\/assets\/support-chat-widget-[\w-]+\.js$/.test(u)),
    ).toBe(true);
    // Opening shows the form and asks only when the team answers (the header's line); no chat
    // call until the visitor does something.
    expect(
      requests.filter((u) => /\/api\/support\/|\/ws\//.test(u)).map((u) => new URL(u).pathname),
    ).toEqual(["/api/support/availability"]);
  });

  test("sits in the bottom right corner, clear of the back-to-top button", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/about-us");
    await page.evaluate(() => window.scrollTo(0, 2000));
    const top = page.getByRole("button", { name: "Back to top" });
    await expect(top).toBeVisible();
    const a = await launcher(page).boundingBox();
    const b = await top.boundingBox();
    if (!a || !b) throw new Error("no boxes");
    expect(a.x + a.width).toBeGreaterThan(375 - 40);
    expect(a.y + a.height).toBeGreaterThan(740 - 40);
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
  });

  test("Escape closes the panel and focus returns to what opened it; /help opens the same one", async ({
    page,
  }) => {
    await page.goto("/help");
    const dialog = await openChat(page);
    await expect(chatForm(dialog).name).toBeFocused();
    // A panel beside the page, not a modal: Tab leads out of it to the page.
    let left = false;
    for (let i = 0; i < 20 && !left; i++) {
      await page.keyboard.press("Tab");
      left = !(await dialog.evaluate((d) => d.contains(document.activeElement)));
    }
    expect(left).toBe(true);
    await dialog.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(launcher(page)).toBeFocused();

    const helpButton = page.getByRole("button", { name: "Chat with us now" });
    await helpButton.click();
    await expect(page.getByRole("dialog", { name: "Support Chat" })).toBeVisible();
    await page.getByRole("button", { name: "Close support chat" }).click();
    await expect(helpButton).toBeFocused();
  });
});

test.describe("registration", () => {
  test("checks each field when it is left, with the form's texts", async ({ page }) => {
    const checks: Request[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/support/check_chat_email")) checks.push(r);
    });
    await page.goto("/");
    const dialog = await openChat(page);
    const form = chatForm(dialog);
    // One path: Send code is there from the start, and Start Chat can always be pressed.
    await expect(form.sendCode).toBeVisible();
    await expect(form.start).toBeEnabled();

    await form.name.focus();
    await form.name.blur();
    await expect(dialog.locator("#chat-name-error")).toHaveText("Name is required.");
    await expect(form.name).toHaveAttribute("aria-invalid", "true");
    await expect(form.name).toHaveAttribute("aria-describedby", "chat-name-error");

    await form.email.focus();
    await form.email.blur();
    await expect(dialog.locator("#chat-email-error")).toHaveText("This field is required");

    await form.email.fill("meera@clinic");
    await form.email.blur();
    await expect(dialog.locator("#chat-email-error")).toHaveText("Invalid email format");
    await expect(form.email).toHaveAttribute("aria-describedby", "chat-email-error");
    expect(checks).toHaveLength(0);
    await expectNoAxeViolations(page);
    await switchScheme(page, "dark");
    await expectNoAxeViolations(page);
    await switchScheme(page, "light");

    // A valid address clears the error, asks the server, and offers to verify it.
    const email = visitorEmail("fields");
    await form.email.fill(email);
    await expect(dialog.locator("#chat-email-error")).toHaveCount(0);
    await form.email.blur();
    await expect(form.sendCode).toBeVisible();
    expect(checks.map((r) => r.postDataJSON())).toEqual([{ email }]);
    await form.name.fill("Meera");
    await expect(dialog.locator("#chat-name-error")).toHaveCount(0);
    // A name alone does not start a chat: the e-mail is not proved, and Start Chat says so.
    await form.start.click();
    await expect(dialog.locator("#chat-start-error")).toHaveText(
      "Press Send code and enter the code from the e-mail to start the chat.",
    );
    await expect(form.start).toHaveAttribute("aria-describedby", "chat-start-error");
    await expect(form.start).toBeFocused();

    // A malformed address is said under the field when Enter is pressed in it.
    await form.email.fill("not-an-email");
    await form.email.press("Enter");
    await expect(dialog.locator("#chat-email-error")).toHaveText("Invalid email format");
    await expect(form.email).toBeFocused();
  });

  test("the code step: only a non-empty code is sent, a wrong one says so, the right one verifies", async ({
    page,
    guard,
  }) => {
    guard.allowConsole(/status of 400/);
    const verifications: Request[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/client/verify_otp")) verifications.push(r);
    });
    const email = visitorEmail("code");
    await page.goto("/");
    const dialog = await openChat(page);
    const form = chatForm(dialog);
    await form.name.fill("Ravi Menon");
    await form.email.fill(email);
    // Enter in the e-mail field is the next step: the code is sent.
    await form.email.press("Enter");

    await expect(form.code).toBeFocused();
    await expect(form.code).toHaveAttribute("inputmode", "numeric");
    await expect(form.code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(dialog.locator("#chat-code-hint")).toHaveText(
      `We sent a 6-digit code to ${email}. It is valid for 10 minutes.`,
    );
    // The 60 s resend cooldown counts down; Resend appears when it is over.
    await expect(
      dialog.getByText(/^You can ask for a new code in (59|60) seconds$/, { exact: true }),
    ).toBeVisible();
    await expect(form.resend).toHaveCount(0);

    await form.verifyCode.click();
    await expect(dialog.locator("#chat-code-error")).toHaveText(
      "Please enter the code from the e-mail.",
    );
    expect(verifications).toHaveLength(0);

    const code = await nextChatCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    await form.code.fill(wrong);
    await form.code.press("Enter");
    await expect(dialog.locator("#chat-code-error")).toHaveText(
      "That code is not right. You have 4 tries left.",
    );
    await expect(form.code).toHaveAttribute("aria-invalid", "true");
    await expect(form.code).toHaveAttribute("aria-describedby", "chat-code-hint chat-code-error");
    await expect(form.code).toBeFocused();
    await expectNoAxeViolations(page);

    await form.code.fill(code);
    await form.verifyCode.click();
    await expect(form.verified).toBeVisible();
    await expect(form.code).toHaveCount(0);
    await expect(form.start).toBeEnabled();
    await expect(form.start).toBeFocused();
    expect(verifications.map((r) => r.postDataJSON())).toEqual([
      { email, otp: wrong },
      { email, otp: code },
    ]);

    // Changing the address drops the proof; the proved one is recognised again at once.
    await form.email.fill(`x${email}`);
    await expect(form.verified).toHaveCount(0);
    await expect(form.sendCode).toBeVisible();
    await form.email.fill(email);
    await form.email.blur();
    await expect(form.verified).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("tells a visitor who asks again too soon when a new code can be sent", async ({
    page,
    guard,
  }) => {
    guard.allowConsole(/status of 429/);
    const email = visitorEmail("cooldown");
    await page.goto("/");
    await page.route("**/api/support/otp_generate_chat", (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "42" },
        contentType: "application/json",
        body: JSON.stringify({
          status: 429,
          error: { code: "rate_limited", message: "A code was sent a moment ago." },
        }),
      }),
    );
    const dialog = await openChat(page);
    const form = chatForm(dialog);
    await form.email.fill(email);
    await form.sendCode.click();
    const wait = (s: number) =>
      dialog.getByText(`You can ask for a new code in ${s} seconds`, { exact: true });
    await expect(wait(42)).toBeVisible();
    await expect(wait(41)).toBeVisible();
    await expect(form.code).toBeVisible();
  });
});

test.describe("conversation", () => {
  test(
    "the whole flow: offline promise, Enter and Shift+Enter, replies, typing, unread badge",
    teamPresence,
    async ({ page, agents }) => {
      // The longest flow of the suite, with three axe scans: the default minute is too close on a busy
      // 2-core box.
      test.setTimeout(120_000);
      await page.goto("/pricing");
      const dialog = await openChat(page);
      const email = visitorEmail("flow");
      const { conversationId, request, user } = await startChat(page, dialog, {
        name: "Meera Joshi",
        email,
        transcript: true,
      });
      // With the context the widget may know: where the chat was opened, the pages this tab saw.
      expect(request.postDataJSON()).toEqual({
        username: "Meera Joshi",
        email,
        transcript: true,
        context: { opened_on: "/pricing", pages: ["/pricing"], time_zone: expect.any(String) },
        // The widget's language (the browser's, English here), kept with the conversation.
        language: "en",
      });
      expect(user.agents_online).toBe(false);
      await expect(dialog.getByTestId("chat-availability")).toHaveText(offlineText);
      const panel = chatPanel(dialog);
      await expect(panel.editor).toBeFocused();

      // An agent comes online: the promise goes away.
      const agent = await agents.connect();
      await expect(dialog.getByTestId("chat-availability")).toBeHidden();

      // Shift+Enter breaks the line, Enter sends, the editor clears, blank text is not sent.
      await panel.editor.pressSequentially("Hello, a question");
      await panel.editor.press("Shift+Enter");
      await panel.editor.pressSequentially("about leave balances");
      await expect(panel.editor).toHaveValue("Hello, a question\nabout leave balances");
      await expect(panel.messages).toHaveCount(0);
      await panel.editor.press("Enter");
      await expect(panel.editor).toHaveValue("");
      await expect(panel.editor).toBeFocused();
      await expect(panel.messages).toHaveCount(1);
      const mine = panel.messages.first();
      await expect(mine).toHaveAttribute("data-from", "visitor");
      await expect(mine.getByTestId("chat-message-body")).toHaveText(
        "Hello, a questionabout leave balances",
      );
      expect(await mine.getByTestId("chat-message-body").innerHTML()).toBe(
        "Hello, a question<br>about leave balances",
      );
      await expect(mine.getByText("Sent")).toBeVisible();
      const received = await agent.waitFor(messageFrom(conversationId, "about leave balances"));
      expect(received).toMatchObject({ sender_type: "visitor", msg_type: "text", sender: email });
      await panel.editor.fill("   ");
      await panel.editor.press("Enter");
      await panel.send.click();
      await expect(panel.messages).toHaveCount(1);

      // Support types, then answers.
      agent.typing(conversationId, true);
      await expect(dialog.getByText("Support is typing…")).toBeVisible();
      expect((await agent.reply(conversationId, "Sure: which leave type?")).message_type).toBe(
        "ack",
      );
      await expect(panel.messages).toHaveCount(2);
      await expect(panel.messages.nth(1)).toHaveAttribute("data-from", "agent");
      await expect(panel.messages.nth(1)).toContainText("Sure: which leave type?");
      await expect(dialog.getByText("Support is typing…")).toBeHidden();

      // The editor grows to 100 px, then scrolls; the list is at most 400 px high.
      await panel.editor.fill(Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\n"));
      const editorBox = await panel.editor.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        scrolls: el.scrollHeight > el.clientHeight,
        overflow: getComputedStyle(el).overflowY,
      }));
      expect(editorBox).toEqual({ height: 100, scrolls: true, overflow: "auto" });
      await panel.editor.fill("");
      expect(await panel.editor.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(
        60,
      );
      // The list takes the panel's free height and is its one scrolling box (decision 0047).
      await expect(panel.log).toHaveCSS("overflow-y", "auto");
      await expect(panel.log).toHaveCSS("max-height", "none");
      await expectNoAxeViolations(page);
      await switchScheme(page, "dark");
      await expectNoAxeViolations(page);
      await switchScheme(page, "light");

      // Closed, the chat stays connected and counts replies on the launcher.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(launcher(page)).toBeFocused();
      await agent.reply(conversationId, "Casual, sick or earned leave?");
      await expect(page.getByTestId("chat-unread")).toHaveText("1 new reply");
      await expect(launcher(page)).toHaveAccessibleName(/^Open support chat\s*1 new reply$/);
      await expectNoAxeViolations(page);
      await launcher(page).click();
      await expect(page.getByTestId("chat-unread")).toHaveCount(0);
      await expect(panel.messages).toHaveCount(3);
      await expect(panel.messages.nth(2)).toContainText("Casual, sick or earned leave?");
      // The newest message is scrolled into view.
      await expect(panel.messages.nth(2)).toBeInViewport();
    },
  );

  test(
    "the nobody-online notice follows agents coming and going, each change read out once",
    teamPresence,
    async ({ page, agents }) => {
      await page.goto("/");
      const dialog = await openChat(page);
      const { user } = await startChat(page, dialog, {
        name: "Lena Vogel",
        email: visitorEmail("presence"),
      });
      expect(user.agents_online).toBe(false);
      const notice = dialog.getByTestId("chat-availability");
      const header = dialog.getByText("The team is online. Start a chat and we will answer here.");
      const announcer = page.getByTestId("chat-announcer");
      const cameOnline = "Someone from the team is online now and will answer here.";
      await expect(notice).toHaveText(offlineText);

      // An agent opens the console while the chat is open: the notice goes, the header's line
      // follows, and the change is read out once.
      const agent = await agents.connect();
      await expect(notice).toBeHidden();
      await expect(header).toBeVisible();
      await expect(announcer).toContainText(cameOnline);
      // A second agent changes nothing that is shown or said.
      const second = await agents.connect();
      await second.close();
      await expect(header).toBeVisible();

      // The last agent leaves: the notice comes back, and is read out.
      await agent.close();
      await expect(notice).toHaveText(offlineText);
      await expect(announcer.getByText(offlineText)).toHaveCount(1);
      await expect(announcer.getByText(cameOnline)).toHaveCount(1);
      await expectNoAxeViolations(page);
    },
  );

  test("sends an image of at most 25 MB and shows it at most 200 px wide", async ({
    page,
    agents,
  }) => {
    const uploads: Request[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/support/upload")) uploads.push(r);
    });
    await page.goto("/");
    const dialog = await openChat(page);
    const { conversationId } = await startChat(page, dialog, {
      name: "Ana Costa",
      email: visitorEmail("image"),
    });
    const agent = await agents.connect();
    const panel = chatPanel(dialog);
    await expect(dialog.getByText("You can send one image of up to 25 MB.")).toBeVisible();
    await expect(panel.imageInput).toHaveAttribute(
      "accept",
      "image/png,image/jpeg,image/gif,image/webp",
    );
    await expect(panel.imageInput).not.toHaveAttribute("multiple");

    await panel.imageInput.setInputFiles(oversizedImageFile());
    await expect(dialog.getByRole("alert")).toHaveText(
      "This image is 26.0 MB. Please choose one of up to 25 MB.",
    );
    expect(uploads).toHaveLength(0);

    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: "#4338ca" },
    })
      .png()
      .toBuffer();
    await panel.imageInput.setInputFiles({ name: "board.png", mimeType: "image/png", buffer: png });
    const image = panel.messages.last().locator("img");
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("src", /^\/api\/support\/uploads\/[\w.-]+$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    const box = await image.boundingBox();
    expect(box?.width).toBe(200);
    expect(box?.height).toBe(150);
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    expect(uploads).toHaveLength(1);
    const frame = await agent.waitFor(
      (f) => f.message_type === "message" && f.conversation_id === conversationId,
    );
    expect(frame).toMatchObject({ msg_type: "image", sender_type: "visitor" });
    await expectNoAxeViolations(page);
  });

  test("keeps a message typed while disconnected across a reload and delivers it once", async ({
    page,
    agents,
    guard,
  }) => {
    guard.allowConsole(/WebSocket connection to .* failed/);
    // The visitor's socket goes through this route, which can cut it and refuse new ones.
    const line: { blocked: boolean; current: WebSocketRoute | null } = {
      blocked: false,
      current: null,
    };
    await page.routeWebSocket(/\/ws\/support\//, (ws) => {
      if (line.blocked) {
        void ws.close({ code: 1011 });
        return;
      }
      line.current = ws;
      ws.connectToServer();
    });
    // A line that is down carries no HTTP either: the fallback over HTTP finds nobody.
    await page.route(/\/sse\/support\//, (route) =>
      line.blocked ? route.abort("internetdisconnected") : route.continue(),
    );
    guard.allowConsole(/Failed to load resource/);
    await page.goto("/");
    const dialog = await openChat(page);
    const { conversationId } = await startChat(page, dialog, {
      name: "Lena Fischer",
      email: visitorEmail("reload"),
    });
    const agent = await agents.connect();
    await agent.reply(conversationId, "Welcome, Lena.");
    const panel = chatPanel(dialog);
    await expect(panel.messages).toHaveCount(1);

    // The line drops and stays down.
    line.blocked = true;
    await line.current?.close({ code: 1001 });
    await expect(panel.connection).toHaveText(/^Reconnecting in \d+ s…$/);
    await panel.editor.fill("Typed while the line was down");
    await panel.editor.press("Enter");
    await expect(panel.messages.last().getByText("Sending…")).toBeVisible();

    // A reload brings the chat back by itself, with the history and the unsent message.
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    const again = await openChat(page);
    const after = chatPanel(again);
    await expect(after.messages).toHaveCount(2);
    await expect(after.messages.first()).toContainText("Welcome, Lena.");
    await expect(after.messages.last()).toContainText("Typed while the line was down");
    await expect(after.messages.last().getByText("Sending…")).toBeVisible();

    // Once the next try is seconds away, the line comes back and "Try now" connects at once
    // (right after the reload the next automatic try is under a second away and could win).
    await expect(after.connection).toHaveText(/^Reconnecting in ([4-9]|\d{2,}) s…$/, {
      timeout: 20_000,
    });
    line.blocked = false;
    await again.getByRole("button", { name: "Try now" }).click();
    await expect(after.connection).toHaveText("Connected", { timeout: onDemandTimeout });
    await expect(after.messages.last().getByText("Sent")).toBeVisible();
    await expect(after.messages).toHaveCount(2);
    await agent.waitFor(messageFrom(conversationId, "Typed while the line was down"));
    const stored = await agent.messages(conversationId);
    expect(stored.filter((m) => m.message === "Typed while the line was down")).toHaveLength(1);
  });

  test("a blip that heals within 2 s never shows 'Reconnecting'; an outage that lasts does", async ({
    page,
    agents,
    guard,
  }) => {
    guard.allowConsole(/WebSocket connection to .* failed|Failed to load resource/);
    const line: { blocked: boolean; current: WebSocketRoute | null; opened: number } = {
      blocked: false,
      current: null,
      opened: 0,
    };
    await page.routeWebSocket(/\/ws\/support\//, (ws) => {
      if (line.blocked) {
        void ws.close({ code: 1011 });
        return;
      }
      line.opened++;
      line.current = ws;
      ws.connectToServer();
    });
    await page.route(/\/sse\/support\//, (route) =>
      line.blocked ? route.abort("internetdisconnected") : route.continue(),
    );
    // Counts the closes the page's sockets get, each before the widget's own handler sees it.
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      let closes = 0;
      Object.assign(window, { __socketCloses: () => closes });
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener("close", () => closes++);
        }
      };
    });
    const socketCloses = () =>
      page.evaluate(() => (window as unknown as { __socketCloses(): number }).__socketCloses());
    await page.clock.install();
    await page.goto("/");
    const dialog = await openChat(page);
    const { conversationId } = await startChat(page, dialog, {
      name: "Noor Aziz",
      email: visitorEmail("blip"),
    });
    const panel = chatPanel(dialog);
    await expect(panel.connection).toHaveText("Connected");
    // From here the page's clock stands still and only runFor moves it: "how long" is exact.
    await page.clock.pauseAt(Date.now() + 5_000);
    // Every text the status line ever shows, however briefly.
    await panel.connection.evaluate((el) => {
      const shown: string[] = [];
      Object.assign(window, { __connectionTexts: shown });
      new MutationObserver(() => shown.push(el.textContent ?? "")).observe(el, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const shownTexts = () =>
      page.evaluate(() => (window as unknown as { __connectionTexts: string[] }).__connectionTexts);

    // A blip: the socket drops and the first try (at most 1 s later) gets through at once.
    await line.current?.close({ code: 1001 });
    await expect.poll(socketCloses).toBe(1);
    await page.clock.runFor(1_000);
    await expect.poll(() => line.opened).toBe(2);
    // Connected again: a reply comes over the new socket.
    const agent = await agents.connect();
    await agent.reply(conversationId, "Still here.");
    await expect(panel.messages.last()).toContainText("Still here.");
    await page.clock.runFor(5_000);
    await expect(panel.connection).toHaveText("Connected");
    expect((await shownTexts()).filter((text) => text !== "Connected")).toEqual([]);

    // An outage: nothing gets through; the line says so once it has lasted 2 s, not before.
    line.blocked = true;
    await line.current?.close({ code: 1001 });
    await expect.poll(socketCloses).toBe(2);
    await page.clock.runFor(1_999);
    expect((await shownTexts()).filter((text) => text !== "Connected")).toEqual([]);
    await expect(panel.connection).toHaveText("Connected");
    await page.clock.runFor(1);
    await expect(panel.connection).toHaveText(/^Reconnecting/);
  });
});

test.describe("ending a chat", () => {
  test.use({ locale: "en-US", timezoneId: "UTC" });

  test("support ends it: the red notice, no input row, then a new chat", async ({
    page,
    agents,
  }) => {
    await page.goto("/");
    const dialog = await openChat(page);
    const email = visitorEmail("agent-ends");
    const { conversationId } = await startChat(page, dialog, { name: "Kofi Mensah", email });
    const agent = await agents.connect();
    agent.endChat(conversationId);
    const ended = await agent.waitFor(
      (f) => f.message_type === "chat_ended" && f.conversation_id === conversationId,
    );
    const time = new Intl.DateTimeFormat("en-US", {
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
    }).format(new Date(ended.ended_at as number));
    const said = `The Hourline support team ended this chat at ${time}.`;
    const notice = dialog.locator("#chat-ended-note");
    await expect(notice).toHaveText(
      `${said} No transcript was asked for, so none will be e-mailed.`,
    );
    // Read out once from the live region that was there before it was filled.
    await expect(page.getByTestId("chat-announcer")).toContainText(said);
    await expect(notice).toHaveCSS("color", "rgb(185, 28, 28)");
    const panel = chatPanel(dialog);
    await expect(panel.editor).toHaveCount(0);
    await expect(panel.endChat).toHaveCount(0);
    // The editor that had focus is gone; the way forward has it.
    await expect(dialog.getByRole("button", { name: "Start a new chat" })).toBeFocused();
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Start a new chat" }).click();
    const form = chatForm(dialog);
    await expect(form.name).toHaveValue("Kofi Mensah");
    await expect(form.email).toHaveValue(email);
    await expect(form.verified).toBeVisible();
    const registered = page.waitForResponse((r) => r.url().endsWith("/api/support/register"));
    await form.start.click();
    const next = (await (await registered).json()) as { conversation_id: number };
    expect(next.conversation_id).not.toBe(conversationId);
    await expect(panel.connection).toHaveText("Connected", { timeout: onDemandTimeout });
    await expect(panel.messages).toHaveCount(0);
  });

  test("the visitor ends it after confirming, then a closing screen and a new chat", async ({
    page,
    agents,
  }) => {
    await page.goto("/");
    const dialog = await openChat(page);
    const email = visitorEmail("visitor-ends");
    const { conversationId } = await startChat(page, dialog, {
      name: "Priya Nair",
      email,
      transcript: true,
    });
    const agent = await agents.connect();
    const panel = chatPanel(dialog);

    await panel.endChat.click();
    const confirm = page.getByRole("alertdialog", { name: "End this chat?" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toHaveAttribute("aria-modal", "true");
    await expect(confirm).toContainText(`We will e-mail the transcript to ${email}.`);
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Keep chatting" }).click();
    await expect(confirm).toBeHidden();
    await expect(panel.endChat).toBeFocused();
    await expect(panel.editor).toBeVisible();

    await panel.endChat.click();
    await confirm.getByRole("button", { name: "End chat" }).click();
    const ended = await agent.waitFor(
      (f) => f.message_type === "chat_ended" && f.conversation_id === conversationId,
    );
    expect(ended.ended_by).toBe("visitor");
    // What happens next, said on a closing screen whose way forward has focus.
    await expect(dialog.getByRole("heading", { name: "Chat ended" })).toBeVisible();
    await expect(dialog.locator("#chat-closed-note")).toContainText(
      `We are e-mailing the transcript to ${email}.`,
    );
    const startNew = dialog.getByRole("button", { name: "Start a new chat" });
    await expect(startNew).toBeFocused();
    await expect(startNew).toHaveAttribute("aria-describedby", "chat-closed-note");
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    // Ending the chat ended this browser's chat session: on a shared computer the next person
    // cannot chat as Priya without a code from her mailbox.
    await startNew.click();
    const form = chatForm(dialog);
    await expect(form.name).toHaveValue("");
    await expect(form.email).toHaveValue("");
    await expect(form.name).toBeFocused();
    await form.name.fill("Someone Else");
    await form.email.fill(email);
    await form.email.blur();
    await expect(form.sendCode).toBeVisible();
    await expect(form.verified).toHaveCount(0);
  });
});

test.describe("message HTML", () => {
  // Without the page's CSP, so these tests prove the sanitizers themselves: with it, an inline
  // handler that slipped through would still be blocked (and fail the test as a console error).
  test.use({ bypassCSP: true });

  function watchForExecution(page: Page) {
    const ran: string[] = [];
    page.on("dialog", (dialog) => {
      ran.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    return ran;
  }

  /** Sends every payload as its own reply; returns the server's refusals (other than for speed). */
  async function replyAll(agentSockets: AgentSocket[], conversationId: number, payloads: string[]) {
    const refused: string[] = [];
    // Several sockets, as each one's send rate is limited.
    await Promise.all(
      agentSockets.map(async (agent, lane) => {
        for (let i = lane; i < payloads.length; i += agentSockets.length) {
          const answer = await agent.reply(conversationId, payloads[i] as string);
          if (answer.code === "rate_limited") {
            // Refused for speed, not for content: the same payload again, a little later.
            i -= agentSockets.length;
            await new Promise((r) => setTimeout(r, 300));
          } else if (answer.message_type !== "ack") {
            refused.push(`${String(answer.code)}: ${payloads[i]}`);
          }
        }
      }),
    );
    return refused;
  }

  test(`${xssPayloads.length} XSS payloads sent by an agent never run in the widget`, async ({
    page,
    agents,
    guard,
  }) => {
    test.setTimeout(120_000);
    // Payloads that point at an upload of ours that does not exist.
    guard.allowConsole(/status of 404/);
    const ran = watchForExecution(page);
    await page.goto("/");
    const dialog = await openChat(page);
    const { conversationId } = await startChat(page, dialog, {
      name: "Sam Okafor",
      email: visitorEmail("xss"),
    });
    const sockets = await Promise.all(Array.from({ length: 8 }, () => agents.connect()));
    // A message is at most 20,000 characters (a frame at most 64 KB): longer payloads are refused
    // before any sanitizer sees them, so they are left out here.
    // Each behind a line of text, so none is refused for being empty once sanitized.
    const fitting = xssPayloads
      .filter((p) => p.length <= chatLimits.message - 20)
      .map((p, i) => `Payload ${i + 1}: ${p}`);
    const refused = await replyAll(sockets, conversationId, fitting);
    // The only refusals: images of an upload that is not this conversation's.
    for (const r of refused) expect(r).toMatch(/^forbidden: .*\/api\/support\/uploads\//);
    expect(refused.length).toBeLessThan(20);
    const panel = chatPanel(dialog);
    await expect(panel.messages).toHaveCount(fitting.length - refused.length, {
      timeout: 20_000,
    });
    await page.waitForTimeout(500);
    expect(ran).toEqual([]);
    expect(page.url()).toMatch(/\/$/);
    const active = await panel.log.evaluate((log) =>
      [...log.querySelectorAll("*")].flatMap((el) => [
        ...(["SCRIPT", "IFRAME", "OBJECT", "EMBED", "SVG", "MATH", "STYLE", "FORM"].includes(
          el.tagName.toUpperCase(),
        )
          ? [el.tagName]
          : []),
        ...[...el.attributes]
          .filter((a) => a.name.startsWith("on") || /^\s*javascript:/i.test(a.value))
          .map((a) => `${el.tagName}[${a.name}]`),
      ]),
    );
    expect(active).toEqual([]);
  });

  test("raw HTML from a server that forgot to sanitize is made safe in the browser", async ({
    page,
    guard,
  }) => {
    guard.allowConsole(/status of 404/);
    const ran = watchForExecution(page);
    const email = visitorEmail("raw");
    await page.route("**/api/support/get_message/**", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify(
          xssPayloads.map((payload, i) => ({
            id: i + 1,
            client_id: null,
            conversation_id: 1,
            sender: "asha.agent@hourline.example",
            receiver: email,
            message: payload,
            msg_type: "text",
            sender_username: "Asha",
            sender_type: "agent",
            created_at: Date.now(),
          })),
        ),
      }),
    );
    await page.goto("/");
    const dialog = await openChat(page);
    await startChat(page, dialog, { name: "Raw Tester", email });
    const panel = chatPanel(dialog);
    await expect(panel.messages).toHaveCount(xssPayloads.length);
    await page.waitForTimeout(1000);
    expect(ran).toEqual([]);
    const foreign = await panel.log.evaluate((log) =>
      [...log.querySelectorAll("img")]
        .map((img) => img.getAttribute("src") ?? "")
        .filter((src) => !src.startsWith("/api/support/uploads/")),
    );
    expect(foreign).toEqual([]);
  });
});

test.describe("without a session", () => {
  test("a chat whose session is gone asks the visitor to verify again", async ({
    page,
    context,
    guard,
  }) => {
    // The refused upgrade and the session check's 401 are logged by the browser.
    guard.allowConsole(/WebSocket connection to .* failed/);
    guard.allowConsole(/status of 401/);
    await page.goto("/");
    const dialog = await openChat(page);
    const email = visitorEmail("lost-session");
    await startChat(page, dialog, { name: "Jonas Berg", email });
    // The session cookie disappears (expired, or cleared in another tab); the next reconnect fails.
    await context.clearCookies();
    await page.evaluate(() => window.dispatchEvent(new Event("offline")));
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    const form = chatForm(dialog);
    await expect(dialog.getByRole("alert")).toHaveText(
      "For your security, please verify your e-mail again to continue your chat.",
    );
    await expect(form.name).toHaveValue("Jonas Berg");
    await expect(form.email).toHaveValue(email);
    await expect(form.sendCode).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
