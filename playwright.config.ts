import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  baseUrl,
  consolePort,
  consoleUrl,
  e2eAgent,
  e2ePort,
  mailDir,
  smtpPort,
  smtpUrl,
} from "./apps/web/e2e/support/e2e-env";

/** The support console's browser tests: the "console" project runs them, and only them. */
const consoleSpecs = /\/console-[^/]*\.spec\.ts$/;
/** Console tests that change a team-wide setting others would feel: run after the rest, alone. */
const consoleAloneSpecs = /\/console-abandoned\.spec\.ts$/;
/** The site's tests that need nobody from the team online as they start. */
const teamPresenceTag = /@team-presence/;

const dataDir = mkdtempSync(join(tmpdir(), "hourline-e2e-"));
const consoleDataDir = mkdtempSync(join(tmpdir(), "hourline-e2e-console-"));

const serverEnv = {
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  NODE_ENV: "test",
  SMTP_URL: smtpUrl,
  BOOTSTRAP_AGENT_EMAIL: e2eAgent.email,
  BOOTSTRAP_AGENT_PASSWORD: e2eAgent.password,
  ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
};

export default defineConfig({
  testDir: "apps/web/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  // Two workers on a shared two-core machine: a chat test that takes 10 s alone took 34 s in CI
  // beside a console test, so every test gets a minute (a failing one only reports later).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: baseUrl,
    // Recording a trace costs every passing test about a fifth of its time: it is recorded when a
    // failed test runs again (CI retries once), which is when it is read.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: consoleSpecs,
      grepInvert: teamPresenceTag,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // Tests that need nobody from the team online as they start (teamPresence in
      // e2e/support/chat-widget.ts): another test's agent, online meanwhile on the same server,
      // would be seen by their visitor. After the site's other tests, one at a time.
      name: "chromium-presence",
      testIgnore: consoleSpecs,
      grep: teamPresenceTag,
      dependencies: ["chromium"],
      workers: 1,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // The support console's tests, against the console's own server (see e2e-env.ts). Each drives
      // a console and one or more visitors verified through a mailed code: on a busy machine one
      // took 51-66 s, so they get two minutes.
      name: "console",
      testMatch: consoleSpecs,
      testIgnore: consoleAloneSpecs,
      timeout: 120_000,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: consoleUrl },
    },
    {
      // After the console project, on the same server, while the site's tests may still run on
      // theirs: the abandoned-chat setting at one minute would end other console tests' quiet chats.
      name: "console-alone",
      testMatch: consoleAloneSpecs,
      dependencies: ["console"],
      timeout: 240_000,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: consoleUrl },
    },
  ],
  webServer: [
    {
      // A real SMTP server: the chat tests read the one-time codes from the mail it receives.
      command: "node apps/web/e2e/support/smtp-sink.mjs",
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { SMTP_SINK_PORT: String(smtpPort), MAIL_DIR: mailDir() },
    },
    {
      command: "node apps/server/dist/server.js",
      url: `${baseUrl}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: String(e2ePort),
        DATA_DIR: dataDir,
        // The WebSocket upgrade and the chat's POSTs check Origin against this.
        PUBLIC_URL: baseUrl,
        // Each test's browser brings its own address (fixtures.ts), as behind a load balancer.
        TRUST_PROXY: "127.0.0.1",
      },
    },
    {
      // The support console's tests: a server of their own (see e2e-env.ts).
      command: "node apps/server/dist/server.js",
      url: `${consoleUrl}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: String(consolePort),
        DATA_DIR: consoleDataDir,
        PUBLIC_URL: consoleUrl,
        TRUST_PROXY: "127.0.0.1",
      },
    },
  ],
});
