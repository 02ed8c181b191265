/**
 * `npm run agent:create -- --email E --name N [--role admin|agent]`: adds a support agent to the
 * database the server uses (same DATA_DIR / DATABASE_URL). The password comes from stdin, never from
 * the command line (it would land in the shell history and in `ps`): typed without echo, twice, on a
 * terminal, or the first line of piped input.
 */
import { parseArgs } from "node:util";
import { agentRoles, type AgentRole } from "@hourline/contracts/agent-sign-in";
import { chatLimits } from "@hourline/contracts/chat-message";
import { isEmailAddress, normalizeEmail } from "@hourline/contracts/email-address";
import { hasControlCharacter, stripFormatControls } from "@hourline/contracts/text";
import { passwordProblem, hashPassword } from "../auth/passwords";
import { ConfigError, loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { AgentEmailTakenError, createAgent } from "../repositories/agents";

const usage = `Usage: npm run agent:create -- --email E --name N [--role admin|agent]

Creates a support agent. The password (at least 12 characters) is read from stdin:
typed twice without echo on a terminal, or the first line of piped input, e.g.
  printf '%s\\n' "$PASSWORD" | npm run agent:create -- --email ana@example.com --name Ana
Uses the server's DATA_DIR / DATABASE_URL from the environment.`;

/** A refusal the person running the command can act on: printed without a stack trace. */
class UsageError extends Error {
  constructor(
    message: string,
    /** Wrong arguments: the usage is printed too. */
    readonly showUsage = false,
  ) {
    super(message);
  }
}

class ArgumentError extends UsageError {
  constructor(message: string) {
    super(message, true);
  }
}

interface AgentArguments {
  email: string;
  name: string;
  role: AgentRole;
}

function parseAgentArguments(argv: string[]): AgentArguments | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string", default: "agent" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ArgumentError((error as Error).message);
  }
  if (values.help) return "help";

  const email = normalizeEmail(values.email ?? "");
  if (!email) throw new ArgumentError("--email is required.");
  if (!isEmailAddress(email)) throw new ArgumentError(`--email ${email} is not an e-mail address.`);

  const name = stripFormatControls(values.name ?? "").trim();
  if (!name)
    throw new ArgumentError("--name is required (visitors see it beside the agent's replies).");
  if (name.length > chatLimits.name) {
    throw new ArgumentError(`--name must have at most ${chatLimits.name} characters.`);
  }
  if (hasControlCharacter(name))
    throw new ArgumentError("--name must not contain control characters.");

  const role = values.role as AgentRole;
  if (!agentRoles.includes(role)) {
    throw new ArgumentError(`--role must be ${agentRoles.join(" or ")}, not ${values.role}.`);
  }
  return { email, name, role };
}

/** The first line of piped stdin, without its line ending. */
async function readFirstLine(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) {
    text += typeof chunk === "string" ? chunk : (chunk as Buffer).toString("utf8");
    if (text.includes("\n")) break;
  }
  return (text.split("\n")[0] ?? "").replace(/\r$/, "");
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      output.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: Buffer) => {
      for (const ch of data.toString("utf8")) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return finish();
        if (ch === "\u0003") return finish(new UsageError("Cancelled."));
        if (ch === "\u007f" || ch === "\b") typed = [...typed].slice(0, -1).join("");
        else if (ch >= " ") typed += ch;
      }
      return undefined;
    };
    output.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.on("data", onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine(process.stdin);
  const password = await promptHidden("Password (at least 12 characters): ");
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(problem);
  if ((await promptHidden("Password again: ")) !== password) {
    throw new UsageError("The two passwords differ.");
  }
  return password;
}

async function main(argv: string[]): Promise<number> {
  try {
    const parsed = parseAgentArguments(argv);
    if (parsed === "help") {
      console.log(usage);
      return 0;
    }
    // The configuration first: a bad environment is reported before anyone types a password.
    const config = loadConfig();
    const password = await readPassword();
    const problem = passwordProblem(password);
    if (problem) throw new UsageError(problem);

    const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      await database.migrate();
      const agent = await createAgent(database.db, {
        email: parsed.email,
        name: parsed.name,
        role: parsed.role,
        passwordHash: await hashPassword(password),
      });
      console.log(`Created agent ${agent.email} (id ${agent.id}, role ${agent.role})`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`agent:create: ${error.message}`);
      if (error.showUsage) console.error(`\n${usage}`);
      return 1;
    }
    if (error instanceof AgentEmailTakenError || error instanceof ConfigError) {
      console.error(`agent:create: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
