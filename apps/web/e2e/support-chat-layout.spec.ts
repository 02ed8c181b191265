/**
 * The chat on a phone, a short screen and a desktop (issue 28): at 360x740 (portrait, touch) and
 * 740x360 (landscape, touch) and 640x400 (a 1280x800 screen at 200% zoom) the chat fills the
 * screen with the page behind it inert, one scrolling region, and the message box and Send on
 * screen, also with the keyboard open (360x400); on touch no field takes focus by itself and focus
 * stays in the editor after Send. At 1280x800 it is a panel beside a page that stays usable.
 * Support's replies are announced once from the chat's live region, also while the chat is closed,
 * and counted in the title while the tab is hidden. Axe is clean in every state. On every page of
 * the sitemap at 360x740, at the end of the page, no link, control or line of text lies under the
 * floating launcher or back-to-top.
 *
 * With SCREENSHOTS=1 the states are written to docs/screenshots (chat-*.png) with the list of
 * what the live regions said during a chat (chat-announcements.txt); without it (CI) nothing is
 * written there.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { listPosts } from "../app/content/blog/posts";
import { staticPageRoutes } from "../app/site";
import { answerMapTiles, expectNoAxeViolations } from "./fixtures";
import {
  chatForm,
  chatPanel,
  expect,
  launcher,
  openChat,
  startChat,
  teamPresence,
  test,
  verifyEmail,
  visitorEmail,
} from "./support/chat-widget";

const screenshots = process.env.SCREENSHOTS
  ? resolve(import.meta.dirname, "../../../docs/screenshots")
  : null;

/** Writes the page as it is to docs/screenshots/chat-{name}.png, with SCREENSHOTS=1 only. */
async function keepScreenshot(page: Page, name: string) {
  if (screenshots) await page.screenshot({ path: resolve(screenshots, `chat-${name}.png`) });
}

/**
 * Records every text added to a live region (aria-live other than off, role status or alert) from
 * `start()` on: what a screen reader is given to announce. The observer is there from the first
 * script, but what the page's HTML holds at load (parsed into the regions) is not an announcement,
 * so the list starts once the page has loaded.
 */
async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = [];
    const recorder = { said, on: false };
    Object.assign(window, { __announced: recorder });
    const regionOf = (node: Node | null) =>
      (node instanceof Element ? node : node?.parentElement)?.closest(
        '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]',
      );
    new MutationObserver((records) => {
      if (!recorder.on) return;
      for (const record of records) {
        const added =
          record.type === "characterData" ? [record.target] : Array.from(record.addedNodes);
        for (const node of added) {
          const region = regionOf(node);
          const text = node.textContent?.replace(/\s+/g, " ").trim();
          if (!region || !text) continue;
          const name =
            region.getAttribute("data-testid") ??
            region.getAttribute("role") ??
            `aria-live=${region.getAttribute("aria-live") ?? ""}`;
          said.push(`[${name}] ${text}`);
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  type Recorder = { said: string[]; on: boolean };
  return {
    start: () =>
      page.evaluate(() => {
        (window as unknown as { __announced: Recorder }).__announced.on = true;
      }),
    read: () =>
      page.evaluate(() => (window as unknown as { __announced: Recorder }).__announced.said),
  };
}

/** Scrolling boxes inside the chat (overflow auto or scroll, with more to show than they do). */
function scrollingRegions(dialog: Locator) {
  return dialog.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll("*"))]
      .filter((el) => {
        const { overflowY } = getComputedStyle(el);
        return (
          (overflowY === "auto" || overflowY === "scroll") && el.scrollHeight > el.clientHeight
        );
      })
      .map((el) => el.getAttribute("data-testid") ?? el.tagName),
  );
}

/** The element's box lies inside the visual viewport. */
async function onScreen(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const viewport = await page.evaluate(() => ({
    height: window.visualViewport?.height ?? window.innerHeight,
    width: window.visualViewport?.width ?? window.innerWidth,
  }));
  expect(box, "rendered").not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
}

/**
 * The site's sticky header stays usable beside the open panel: what lies under the centre of its
 * Sign in link is the link, and the panel's top is below the header.
 */
async function expectHeaderClear(page: Page, dialog: Locator) {
  const signIn = page.getByRole("banner").getByRole("link", { name: "Sign in" });
  await expect(signIn).toBeVisible();
  const hit = await signIn.evaluate((link) => {
    const box = link.getBoundingClientRect();
    const el = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return Boolean(el && link.contains(el));
  });
  expect(hit, "the Sign in link is not covered").toBe(true);
  const header = await page.getByRole("banner").boundingBox();
  const panel = await dialog.boundingBox();
  expect(panel && header && panel.y - (header.y + header.height)).toBeGreaterThanOrEqual(8);
}

async function fillTheLog(
  page: Page,
  agent: { reply(id: number, html: string): Promise<unknown> },
  id: number,
) {
  for (let i = 1; i <= 12; i++) await agent.reply(id, `Line ${i} of a long answer about leave.`);
  await expect(chatPanel(page.getByTestId("support-chat")).messages).toHaveCount(12);
}

const shortScreens = [
  {
    name: "phone portrait 360x740",
    shot: "360x740",
    viewport: { width: 360, height: 740 },
    touch: true,
  },
  {
    name: "phone landscape 740x360",
    shot: "740x360",
    viewport: { width: 740, height: 360 },
    touch: true,
  },
  {
    name: "1280x800 at 200% zoom (640x400)",
    shot: "1280x800-zoom-200",
    viewport: { width: 640, height: 400 },
    touch: false,
    // Two device pixels per CSS pixel: the screenshot is the 1280x800 screen the zoom is on.
    scale: 2,
  },
] as const;

for (const screen of shortScreens) {
  test.describe(screen.name, () => {
    test.use({
      viewport: screen.viewport,
      hasTouch: screen.touch,
      isMobile: screen.touch,
      deviceScaleFactor: "scale" in screen ? screen.scale : 1,
      locale: "en-US",
    });

    test("fills the screen, one scrolling list, the message box and Send stay on screen", async ({
      page,
      agents,
    }) => {
      await page.goto("/");
      expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(screen.touch);
      if (screen.touch) await launcher(page).tap();
      const dialog = screen.touch
        ? page.getByRole("dialog", { name: "Support Chat" })
        : await openChat(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute("data-layout", "full-screen");
      // A modal here: said so, and the page behind is inert.
      await expect(dialog).toHaveAttribute("aria-modal", "true");
      expect(await page.locator("main").evaluate((m) => m.closest("[inert]") !== null)).toBe(true);
      if (screen.touch) {
        // No field takes focus by itself: that would open the keyboard over the form.
        expect(
          await page.evaluate(() =>
            ["INPUT", "TEXTAREA"].includes(document.activeElement?.tagName ?? ""),
          ),
        ).toBe(false);
      }

      const { conversationId } = await startChat(page, dialog, {
        name: "Lina Haddad",
        email: visitorEmail("layout"),
      });
      const panel = chatPanel(dialog);
      const agent = await agents.connect();
      await fillTheLog(page, agent, conversationId);
      const box = await dialog.boundingBox();
      expect(box).toMatchObject({ x: 0, y: 0, ...screen.viewport });
      await onScreen(page, panel.editor);
      await onScreen(page, panel.send);
      expect(await scrollingRegions(dialog)).toEqual(["chat-messages"]);
      const list = await dialog.getByTestId("chat-messages").boundingBox();
      expect(list?.height ?? 0).toBeGreaterThanOrEqual(80);

      // Send keeps focus in the editor, so an on-screen keyboard stays open.
      if (screen.touch) await panel.editor.tap();
      else await panel.editor.click();
      await panel.editor.fill("Thanks, that helps");
      if (screen.touch) await panel.send.tap();
      else await panel.send.click();
      await expect(panel.messages.last()).toContainText("Thanks, that helps");
      await expect(panel.editor).toBeFocused();
      await expect(panel.editor).toHaveValue("");
      await expectNoAxeViolations(page);
      await keepScreenshot(page, screen.shot);

      if (screen.viewport.width === 360) {
        // The keyboard open: about 400 px of screen left.
        await page.setViewportSize({ width: 360, height: 400 });
        await expect.poll(async () => (await dialog.boundingBox())?.height).toBe(400);
        await onScreen(page, panel.editor);
        await onScreen(page, panel.send);
        expect(await scrollingRegions(dialog)).toEqual(["chat-messages"]);
        await expect(panel.editor).toBeFocused();
        await expectNoAxeViolations(page);
        await keepScreenshot(page, "360x400-composer-focused");
      }

      // Escape closes, the page is live again and focus is back on the launcher.
      await panel.editor.focus();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(launcher(page)).toBeFocused();
      expect(await page.locator("main").evaluate((m) => m.closest("[inert]") !== null)).toBe(false);
    });
  });
}

test.describe("desktop 1280x800", () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: "en-US" });

  test("a panel beside a page that stays readable and usable; Escape returns to the launcher", async ({
    page,
  }) => {
    await page.goto("/pricing");
    const dialog = await openChat(page);
    await expect(dialog).toHaveAttribute("data-layout", "panel");
    await expect(dialog).not.toHaveAttribute("aria-modal");
    // Nothing dims or hides the page: no backdrop over it, nothing inert or aria-hidden.
    const main = page.locator("main");
    expect(await main.evaluate((m) => m.closest("[inert], [aria-hidden=true]") === null)).toBe(
      true,
    );
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(440);
    await expectHeaderClear(page, dialog);
    const hit = await page.evaluate(() => {
      const el = document.elementFromPoint(200, 400);
      return Boolean(el && document.querySelector("main")?.contains(el));
    });
    expect(hit).toBe(true);
    // The page can be used while the chat stays open.
    await page.mouse.click(200, 400);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  test(
    "a reply is announced once, also with the chat closed, and counted in the hidden tab's title",
    teamPresence,
    async ({ page, agents }) => {
      const announced = await recordAnnouncements(page);
      await page.goto("/");
      await announced.start();
      const dialog = await openChat(page);
      const { conversationId } = await startChat(page, dialog, {
        name: "Tomas Ruiz",
        email: visitorEmail("announce"),
      });
      const announcer = page.getByTestId("chat-announcer");
      // The list is not a live region of its own: it would be read again as a whole.
      await expect(chatPanel(dialog).log).toHaveAttribute("aria-live", "off");
      const agent = await agents.connect();
      // The agent's coming is said once it has lasted 2 s: the chat's first history fetch has
      // answered by then, so the reply below arrives as news rather than inside that history.
      await expect(announcer).toContainText("Someone from the team is online now");
      await agent.reply(conversationId, "<p>Hello <b>Tomas</b>, how can I help?</p>");
      await expect(announcer).toContainText("Hello Tomas, how can I help?");
      await expect(announcer.getByText(/Hello Tomas/)).toHaveCount(1);
      await chatPanel(dialog).editor.fill("I would like to know about leave requests.");
      await chatPanel(dialog).editor.press("Enter");
      await expect(chatPanel(dialog).messages.last().getByText("Sent")).toBeVisible();
      // The chat's panel is its tallest: the header beside it still answers clicks.
      await expectHeaderClear(page, dialog);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, "1280x800");

      await page.getByRole("button", { name: "Close support chat" }).click();
      await expect(dialog).toBeHidden();
      const title = await page.title();
      await page.evaluate(() => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
        document.dispatchEvent(new Event("visibilitychange"));
      });
      await agent.reply(conversationId, "Are you still there?");
      await expect(announcer).toContainText("Are you still there?");
      await expect(page).toHaveTitle(`(1) ${title}`);
      await agent.reply(conversationId, "I will wait.");
      await expect(page).toHaveTitle(`(2) ${title}`);
      await page.evaluate(() => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
        document.dispatchEvent(new Event("visibilitychange"));
      });
      await expect(page).toHaveTitle(title);
      await expect(announcer.getByText(/Hello Tomas/)).toHaveCount(1);

      // Support ends the chat: the notice is said once, from a region that was there before.
      agent.endChat(conversationId);
      await expect(announcer).toContainText("ended this chat");
      const said = await announced.read();
      expect(said.filter((line) => line.includes("Are you still there?"))).toHaveLength(1);
      if (screenshots)
        writeFileSync(resolve(screenshots, "chat-announcements.txt"), `${said.join("\n")}\n`);
    },
  );

  test("a reply written while the chat's history is on its way is announced too", async ({
    page,
    agents,
  }) => {
    // The chat's first history fetch is held until the agent has replied: the reply reaches the
    // widget inside that history (or pushed before it), and is news all the same.
    let release: () => void = () => undefined;
    const replied = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route("**/api/support/get_message/**", async (route) => {
      if (!held) {
        held = true;
        await replied;
      }
      await route.continue();
    });
    await page.goto("/");
    const dialog = await openChat(page);
    const form = chatForm(dialog);
    await form.name.fill("Ines Duarte");
    await verifyEmail(dialog, visitorEmail("history-race"));
    const registered = page.waitForResponse((r) => r.url().endsWith("/api/support/register"));
    await form.start.click();
    const { conversation_id: conversationId } = (await (await registered).json()) as {
      conversation_id: number;
    };
    await expect.poll(() => held).toBe(true);
    const agent = await agents.connect();
    await agent.reply(conversationId, "Welcome back, Ines.");
    release();
    const announcer = page.getByTestId("chat-announcer");
    await expect(announcer).toContainText("Welcome back, Ines.");
    await expect(announcer.getByText(/Welcome back, Ines/)).toHaveCount(1);
  });
});

// Every page of the sitemap: the route table's pages, and the blog posts' one template (its first
// post stands for them all).
const firstPost = (await listPosts())[0];
const sitemapPages = [
  ...staticPageRoutes.map((r) => r.path),
  ...(firstPost ? [`/blog-details/${firstPost.id}`] : []),
];

test.describe("floating buttons at 360x740", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  for (const path of sitemapPages) {
    test(`${path}: at the end of the page no link, button or line of text lies under them`, async ({
      page,
    }) => {
      // Scrolling to the end brings the contact page's map into view: its tiles are answered here.
      await answerMapTiles(page);
      await page.goto(encodeURI(path));
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByRole("button", { name: "Back to top" })).toBeVisible();
      await expect(launcher(page)).toBeVisible();
      const covered = await page.evaluate(() => {
        const floating = Array.from(
          document.querySelectorAll<HTMLElement>("[data-chat-launcher], [data-scroll-to-top]"),
        ).map((el) => el.getBoundingClientRect());
        const targets = Array.from(
          document.querySelectorAll<HTMLElement>(
            "main a, main button, main input, main textarea, main p, main li, main h2, main h3, footer a, footer p, footer li, footer button",
          ),
        );
        return targets
          .filter((el) => !el.closest("[data-chat-launcher], [data-scroll-to-top]"))
          .filter((el) =>
            Array.from(el.getClientRects()).some((r) =>
              floating.some(
                (f) =>
                  r.width > 0 &&
                  r.left < f.right &&
                  f.left < r.right &&
                  r.top < f.bottom &&
                  f.top < r.bottom,
              ),
            ),
          )
          .map((el) => `${el.tagName} ${el.textContent?.trim().slice(0, 40) ?? ""}`);
      });
      expect(covered).toEqual([]);
    });
  }
});
