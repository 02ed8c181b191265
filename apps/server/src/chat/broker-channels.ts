/**
 * The broker's channels, each with the schema of its payload: the one table of what travels between
 * instances. Publishing is typed by it and every subscriber parses with it (broker.ts).
 *
 *   visitor:<email>   frames for every open tab of one visitor (messages, chat_ended, typing)
 *   agents            frames for every connected agent (conversations, messages, contact
 *                     messages, typing, who came online or went offline)
 *   presence          agents came online or went offline (visitors' widgets show it)
 *   agent-sessions    an agent session ended (sign-out, password change), or every session of
 *                     an agent did (disabled, new password set by an admin)
 *   agent-profiles    an agent's display name or role changed
 *   visitor-sessions  a visitor's chat session ended (they ended their chat in that browser)
 *
 * Presence keys count live sockets: "agents", "agent:<id>" and "visitor:<email>".
 */
import { agentProfileSchema } from "@hourline/contracts/agent-sign-in";
import {
  agentServerFrameSchema,
  presenceFrameSchema,
  visitorServerFrameSchema,
} from "@hourline/contracts/chat-server-frames";
import type { SchemaIssues } from "@hourline/contracts/api-error";
import { z } from "zod/mini";

/** What a channel needs of a contract schema. */
export interface PayloadSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: SchemaIssues };
}

export interface BrokerChannel<T> {
  /** Which row of the table, for the log (never holds an address). */
  readonly kind: string;
  /** The name the transport carries it under. */
  readonly name: string;
  readonly payload: PayloadSchema<T>;
}

/** No sessionId: every session of the agent ended (disabled, or a password set by an admin). */
export const agentSessionEndedSchema = z.object({
  sessionId: z.optional(z.number()),
  agentId: z.number(),
});
export type AgentSessionEndedEvent = z.infer<typeof agentSessionEndedSchema>;

export const visitorSessionEndedSchema = z.object({ sessionId: z.number() });
export type VisitorSessionEndedEvent = z.infer<typeof visitorSessionEndedSchema>;

function channel<T>(kind: string, payload: PayloadSchema<T>, name = kind): BrokerChannel<T> {
  return { kind, name, payload };
}

export const channels = {
  visitor: (email: string) => channel("visitor", visitorServerFrameSchema, `visitor:${email}`),
  agents: channel("agents", agentServerFrameSchema),
  presence: channel("presence", presenceFrameSchema),
  agentSessions: channel("agent-sessions", agentSessionEndedSchema),
  agentProfiles: channel("agent-profiles", agentProfileSchema),
  visitorSessions: channel("visitor-sessions", visitorSessionEndedSchema),
} as const;

export const presenceKeys = {
  agents: "agents",
  agent: (id: number) => `agent:${id}`,
  visitor: (email: string) => `visitor:${email}`,
} as const;
