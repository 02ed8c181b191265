import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Most server files wait on sockets, child processes and the databases: three files at a time
    // keep two cores busy (Vitest's default on two cores is one).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          // A minute: on a two-core machine shared with other jobs, tests that hash 30 passwords
          // or fetch every built page took 30-42 s where they take 3-5 s alone. A hang still fails.
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Suites that spawn dist/server.js run the bundle of today's sources.
          globalSetup: ["test/global-setup.ts"],
          // Files share their worker's module cache: each builds its own app, databases and
          // servers, and none mocks a module or a global, so importing Fastify, Kysely, sharp and
          // the app once per worker instead of once per file saves minutes of CPU.
          isolate: false,
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
