/**
 * The agent:create command end to end, in a child process as an operator runs it: arguments, the
 * password piped on stdin, the database in DATA_DIR, and the exit code of every refusal.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { testApp } from "../../test/helpers";
import { verifyPassword } from "../auth/passwords";
import { openDatabase } from "../db/database";
import { listAgents } from "../repositories/agents";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "hourline-agent-cli-"));
const PASSWORD = "correct horse battery staple";

function run(
  args: string[],
  stdin: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "apps/server/src/cli/agent-create.ts", ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        BOOTSTRAP_AGENT_EMAIL: "",
        BOOTSTRAP_AGENT_PASSWORD: "",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

async function agentsInDataDir() {
  const handle = openDatabase({ dataDir });
  try {
    return await listAgents(handle.db);
  } finally {
    await handle.close();
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run agent:create", () => {
  it("creates an agent from the arguments and the first line of stdin", async () => {
    const result = await run(
      ["--email", " Ana.Lima@Example.com ", "--name", "Ana Lima", "--role", "admin"],
      `${PASSWORD}\r\nthis second line is ignored\n`,
    );
    expect(result.stderr).not.toContain(PASSWORD);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("Created agent ana.lima@example.com (id 1, role admin)");
    expect(result.stdout).not.toContain(PASSWORD);

    const [agent] = await agentsInDataDir();
    expect(agent).toMatchObject({ email: "ana.lima@example.com", name: "Ana Lima", role: "admin" });
    expect(agent?.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(PASSWORD, agent?.passwordHash ?? "")).toBe(true);
  });

  it("makes an agent that can sign in to a server on the same DATA_DIR", async () => {
    const app = await testApp({}, { dataDir });
    try {
      const res = await app.inject({
        method: "POST",
        url: "/api/agent/login",
        payload: { email: "ana.lima@example.com", password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().agent).toMatchObject({ name: "Ana Lima", role: "admin" });
    } finally {
      await app.close();
    }
  });

  it("defaults the role to agent", async () => {
    const result = await run(["--email", "bo@example.com", "--name", "Bo"], `${PASSWORD}\n`);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("Created agent bo@example.com (id 2, role agent)");
  });

  it.each([
    [
      "a taken e-mail address",
      ["--email", "ANA.LIMA@example.com", "--name", "Again"],
      PASSWORD,
      "An agent with the e-mail ana.lima@example.com already exists.",
    ],
    [
      "a short password",
      ["--email", "c@example.com", "--name", "C"],
      "short",
      "The password must have at least 12 characters.",
    ],
    [
      "no password at all",
      ["--email", "c@example.com", "--name", "C"],
      "",
      "The password must have at least 12 characters.",
    ],
    ["no name", ["--email", "c@example.com"], PASSWORD, "--name is required"],
    ["a bad address", ["--email", "not-an-address", "--name", "C"], PASSWORD, "not an e-mail"],
    [
      "an unknown role",
      ["--email", "c@example.com", "--name", "C", "--role", "boss"],
      PASSWORD,
      "--role must be admin or agent",
    ],
    [
      "an unknown option",
      ["--email", "c@example.com", "--name", "C", "--pw", "x"],
      PASSWORD,
      "--pw",
    ],
  ])("refuses %s with exit code 1 and says why", async (_label, args, password, message) => {
    const result = await run(args, `${password}\n`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe("");
    expect((await agentsInDataDir()).map((a) => a.email)).toEqual([
      "ana.lima@example.com",
      "bo@example.com",
    ]);
  });
});
