/**
 * Who an agent is and how they sign in: the roles, the password rules, the sign-in body
 * (POST /api/agent/login) and the profile the console, the sockets and the mail show.
 */
import { z } from "zod/mini";
import { chatLimits } from "./chat-message";

export const agentRoles = ["admin", "agent"] as const;
export type AgentRole = (typeof agentRoles)[number];

/** An agent's password: the console's rules for a new one, and sign-in's limit for any. */
export const agentPasswordRules = { minLength: 12, maxLength: 1024 } as const;

export const agentLoginBodySchema = z.object({
  email: z
    .string({ error: "Please enter your e-mail address." })
    .check(
      z.trim(),
      z.minLength(1, "Please enter your e-mail address."),
      z.maxLength(chatLimits.email, "That e-mail address is too long."),
    ),
  password: z
    .string({ error: "Please enter your password." })
    .check(
      z.minLength(1, "Please enter your password."),
      z.maxLength(agentPasswordRules.maxLength, "That password is too long."),
    ),
});
export type AgentLoginBody = z.infer<typeof agentLoginBodySchema>;

export const agentProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(agentRoles),
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;
