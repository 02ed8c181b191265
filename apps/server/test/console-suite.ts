/**
 * The frame of the console API tests: each file's tests run once on SQLite and once on PostgreSQL
 * (skipped, with a printed warning, when no PostgreSQL answers), against a chat server of their own
 * with the bootstrap admin signed in; and the API's answers the tests compare bodies with.
 */
import { afterAll, beforeAll, describe } from "vitest";
import { postgresFor, stores, uniqueEmail, type ChatServer } from "./chat-harness";
import {
  ADMIN,
  ClientBrowser,
  addAgent,
  signIn,
  startConsoleServer,
  type Answer,
  type SignedIn,
} from "./console-clients";

/** The password of every agent the tests add. */
export const PASSWORD = "agent password 2026";

export type Fields = Record<string, string>;

export const invalid = (fields: Fields) => ({
  status: 400,
  error: { code: "validation_failed", message: "Some fields need your attention.", fields },
});
export const notFound = (message: string) => ({
  status: 404,
  error: { code: "not_found", message },
});
export const conflict = (message: string, fields?: Fields) => ({
  status: 409,
  error: { code: "conflict", message, ...(fields ? { fields } : {}) },
});
export const TOO_LARGE = {
  status: 413,
  error: { code: "too_large", message: "Request body is too large" },
};
export const ADMINS_ONLY = {
  status: 403,
  error: { code: "forbidden", message: "Only an admin can manage agents." },
};

/** Table rows with a short title first: the body as JSON, cut to 60 characters. */
export function titled<E>(rows: [unknown, E][]): [string, unknown, E][] {
  return rows.map(([body, expected]) => {
    const json = JSON.stringify(body);
    return [json.length > 60 ? `${json.slice(0, 57)}...` : json, body, expected];
  });
}

export { postgresFor };

export interface ConsoleContext {
  readonly pg: boolean;
  readonly server: ChatServer;
  /** The bootstrap admin, signed in. */
  readonly admin: SignedIn;
  /** A new agent, added by the admin, signed in in a browser of its own. */
  newAgent(name: string, role?: "admin" | "agent"): Promise<SignedIn>;
  /** A sign-in attempt from a browser (and client address) of its own. */
  login(email: string, password: string): Promise<Answer>;
}

/** `define`'s tests, on SQLite and on PostgreSQL, each store with a server of its own. */
export function describeConsole(
  title: string,
  pgUp: boolean,
  define: (ctx: ConsoleContext) => void,
): void {
  for (const store of stores) {
    describe.skipIf(store.pg && !pgUp)(`${title} (${store.name})`, () => {
      let server: ChatServer | undefined;
      let admin: SignedIn | undefined;
      beforeAll(async () => {
        server = await startConsoleServer(store);
        admin = await signIn(server, ADMIN.email, ADMIN.password);
      });
      afterAll(async () => server?.close());

      const ctx: ConsoleContext = {
        pg: store.pg,
        get server() {
          if (!server) throw new Error("the server is not started yet");
          return server;
        },
        get admin() {
          if (!admin) throw new Error("the admin is not signed in yet");
          return admin;
        },
        async newAgent(name, role = "agent") {
          const email = uniqueEmail("agent");
          await addAgent(ctx.admin.browser, { email, name, password: PASSWORD, role });
          return signIn(ctx.server, email, PASSWORD);
        },
        login: (email, password) =>
          new ClientBrowser(ctx.server).post("/api/agent/login", { email, password }),
      };
      define(ctx);
    });
  }
}
