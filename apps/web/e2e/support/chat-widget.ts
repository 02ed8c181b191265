/**
 * The visitor's side of the chat in browser tests: the launcher, the "Support Chat" panel, its form
 * and panel, and the registration walked through as a visitor would (the code read from the mail).
 */
import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { test as guarded } from "../fixtures";
import { AgentSocket, agentSignIn } from "./agent-client";
import { baseUrl, onDemandTimeout } from "./e2e-env";
import { nextChatCode } from "./mailbox";

/** Every test chats as its own visitor. */
export function visitorEmail(tag: string): string {
  return `${tag}-${randomUUID().slice(0, 8)}@visitors.example`;
}

export const launcher = (page: Page) => page.getByRole("button", { name: "Open support chat" });

export async function openChat(page: Page): Promise<Locator> {
  await launcher(page).click();
  const dialog = page.getByRole("dialog", { name: "Support Chat" });
  await expect(dialog).toBeVisible({ timeout: onDemandTimeout });
  return dialog;
}

export function chatForm(dialog: Locator) {
  return {
    name: dialog.getByLabel("Name", { exact: true }),
    email: dialog.getByLabel("E-mail", { exact: true }),
    sendCode: dialog.getByRole("button", { name: "Send code" }),
    code: dialog.getByLabel("Code from the e-mail"),
    verifyCode: dialog.getByRole("button", { name: "Verify code" }),
    resend: dialog.getByRole("button", { name: "Resend code" }),
    verified: dialog.locator("#chat-email-verified"),
    transcript: dialog.getByLabel("E-mail me a transcript"),
    start: dialog.getByRole("button", { name: "Start Chat" }),
  };
}

export function chatPanel(dialog: Locator) {
  return {
    editor: dialog.getByRole("textbox", { name: "Message" }),
    send: dialog.getByRole("button", { name: "Send message" }),
    log: dialog.getByRole("log", { name: "Messages" }),
    messages: dialog.getByTestId("chat-message"),
    connection: dialog.getByTestId("chat-connection"),
    endChat: dialog.getByRole("button", { name: "End chat" }),
    imageInput: dialog.getByTestId("chat-image-input"),
  };
}

/** Types the e-mail, asks for a code with Send code, reads it from the mail and enters it. */
export async function verifyEmail(dialog: Locator, email: string) {
  const form = chatForm(dialog);
  await form.email.fill(email);
  await form.sendCode.click();
  await expect(form.code).toBeFocused();
  await form.code.fill(await nextChatCode(email));
  await form.verifyCode.click();
  await expect(form.verified).toBeVisible();
}

/** Registration from an open modal to a connected chat; returns the register answer. */
export async function startChat(
  page: Page,
  dialog: Locator,
  visitor: { name: string; email: string; transcript?: boolean },
) {
  const form = chatForm(dialog);
  await form.name.fill(visitor.name);
  await verifyEmail(dialog, visitor.email);
  if (visitor.transcript) await form.transcript.check();
  const registered = page.waitForResponse((r) => r.url().endsWith("/api/support/register"));
  await form.start.click();
  const response = await registered;
  expect(response.status()).toBe(200);
  await expect(chatPanel(dialog).connection).toHaveText("Connected", { timeout: onDemandTimeout });
  const user = (await response.json()) as { conversation_id: number; agents_online: boolean };
  return { conversationId: user.conversation_id, request: response.request(), user };
}

/**
 * For a test that needs nobody from the team online when it starts (the offline notice, the
 * announcement of an agent coming): whether anyone is online is the server's, across tests, so
 * these run in their own project, after the others and one at a time (playwright.config.ts).
 */
export const teamPresence = { tag: "@team-presence" };

/**
 * The browser tests' fixtures plus `agents`: support agents signed in once per worker (the sign-in
 * is rate limited), each test opening its own sockets, closed after it.
 */
export const test = guarded.extend<
  { agents: { connect(): Promise<AgentSocket> } },
  { agentCookie: string }
>({
  agentCookie: [
    // Playwright's fixture signature: the first argument lists the fixtures this one needs.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      await provide(await agentSignIn(baseUrl));
    },
    { scope: "worker" },
  ],
  agents: async ({ agentCookie }, provide) => {
    const open: AgentSocket[] = [];
    await provide({
      async connect() {
        const agent = await AgentSocket.connect(baseUrl, agentCookie);
        open.push(agent);
        return agent;
      },
    });
    await Promise.all(open.map((a) => a.close()));
  },
});

export { expect };
