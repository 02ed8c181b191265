import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Suites that spawn dist/server.js run the bundle of today's sources.
          globalSetup: ["test/global-setup.ts"],
        },
      },
      {
        test: {
          name: "web",
          root: "apps/web",
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
        resolve: { alias: { "~": new URL("./apps/web/app", import.meta.url).pathname } },
      },
      {
        test: { name: "contracts", root: "packages/contracts", include: ["src/**/*.test.ts"] },
      },
    ],
  },
});
