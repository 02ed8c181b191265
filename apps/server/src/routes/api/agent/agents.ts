/**
 * Agents, for admins: the team's accounts (with whether each is connected now), adding one,
 * changing one's name, role or disabled state, and setting a new password. Disabling or a new
 * password ends every session of that agent at once (sockets too). An admin cannot disable or
 * demote themselves, and the last enabled admin can never be disabled or demoted, so the console
 * always has someone who can manage it. Every change is logged with who did it, never a password.
 */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import {
  agentAccountAnswerSchema,
  agentAccountListSchema,
  createAgentBodySchema,
  resetPasswordBodySchema,
  updateAgentBodySchema,
  type AgentAccount,
  type CreateAgentBody,
  type ResetPasswordBody,
  type UpdateAgentBody,
} from "@hourline/contracts/console";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { hashPassword } from "../../../auth/passwords";

import { signedInAgent } from "../../../plugins/agent-sessions";
import {
  AgentEmailTakenError,
  createAgent,
  findAgentById,
  listAgents,
  setAgentAccessKeepingAnAdmin,
  setAgentName,
  toAgentProfile,
  type Agent,
} from "../../../repositories/agents";
import { idParamsSchema, type IdParams } from "./id-param";

const params = idParamsSchema("agent");

/** Lets only admins through; other agents get 403. */
async function requireAdmin(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (signedInAgent(request).agent.role === "admin") return undefined;
  return reply.code(403).send(apiError(403, "forbidden", "Only an admin can manage agents."));
}

const conflict = (reply: FastifyReply, message: string, fields?: Record<string, string>) =>
  reply.code(409).send(apiError(409, "conflict", message, fields));

const agentAdminRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const sessions = app.agentSessions;
  // Before the body is even read: someone who is not an admin learns nothing about what these
  // routes accept (the session was checked by the parent scope's onRequest hook).
  app.addHook("onRequest", requireAdmin);

  const account = async (agent: Agent): Promise<AgentAccount> => ({
    ...toAgentProfile(agent),
    disabled: agent.disabled,
    created_at: agent.createdAt,
    online: await app.chatPresence.agentOnline(agent.id),
    availability: await app.consoleRouting.availability({
      id: agent.id,
      availability_status: agent.availabilityStatus,
    }),
  });
  const notFound = (reply: FastifyReply) =>
    reply.code(404).send(apiError(404, "not_found", "No such agent."));

  app.get(
    "/agents",
    { schema: { response: { 200: agentAccountListSchema, "4xx": apiErrorSchema } } },
    async () => Promise.all((await listAgents(db)).map(account)),
  );

  app.post<{ Body: CreateAgentBody }>(
    "/agents",
    {
      bodyLimit: 8 * 1024,
      schema: {
        body: createAgentBodySchema,
        response: { 201: agentAccountAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = signedInAgent(request).agent;
      const { email, name, role, password } = request.body;
      try {
        const created = await createAgent(db, {
          email,
          name,
          role,
          passwordHash: await hashPassword(password),
        });
        request.log.info({ adminId: admin.id, agentId: created.id, role }, "admin added an agent");
        return reply.code(201).send({ status: 201 as const, agent: await account(created) });
      } catch (error) {
        if (!(error instanceof AgentEmailTakenError)) throw error;
        return conflict(reply, "That e-mail address is taken.", {
          email: "An agent with this e-mail address already exists.",
        });
      }
    },
  );

  app.patch<{ Params: IdParams; Body: UpdateAgentBody }>(
    "/agents/:id",
    {
      bodyLimit: 4 * 1024,
      schema: {
        params,
        body: updateAgentBodySchema,
        response: { 200: agentAccountAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = signedInAgent(request).agent;
      const target = await findAgentById(db, request.params.id);
      if (!target) return notFound(reply);
      const { name, role, disabled } = request.body;
      const self = target.id === admin.id;
      if (self && disabled === true) {
        return conflict(reply, "You cannot disable your own account.");
      }
      if (self && role === "agent" && target.role === "admin") {
        return conflict(reply, "You cannot take the admin role from yourself.");
      }
      // Checked where it is written, in one transaction: two admins removing each other at once
      // must not leave the console without one.
      if (!(await setAgentAccessKeepingAnAdmin(db, target.id, { role, disabled }))) {
        return conflict(
          reply,
          "This is the last admin who can sign in. Make someone else an admin first.",
        );
      }
      if (name !== undefined) await setAgentName(db, target.id, name);
      // The flag is set; this ends the agent's sessions and closes their sockets.
      if (disabled === true) await sessions.endAllSessions(target.id);
      const updated = await findAgentById(db, target.id);
      if (!updated) return notFound(reply);
      // Open sockets of the agent (on any instance) send with the new name and role from now on.
      if (name !== undefined || role !== undefined) {
        await sessions.profileChanged(toAgentProfile(updated));
      }
      request.log.info(
        {
          adminId: admin.id,
          agentId: target.id,
          ...(name !== undefined ? { renamed: true } : {}),
          ...(role !== undefined ? { role } : {}),
          ...(disabled !== undefined ? { disabled } : {}),
        },
        "admin changed an agent",
      );
      return { status: 200 as const, agent: await account(updated) };
    },
  );

  app.post<{ Params: IdParams; Body: ResetPasswordBody }>(
    "/agents/:id/password",
    {
      bodyLimit: 8 * 1024,
      schema: {
        params,
        body: resetPasswordBodySchema,
        response: { 200: okSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = signedInAgent(request).agent;
      const target = await findAgentById(db, request.params.id);
      if (!target) return notFound(reply);
      await sessions.setPassword(target.id, request.body.password);
      request.log.info(
        { adminId: admin.id, agentId: target.id },
        "admin set a new password for an agent; their sessions ended",
      );
      return { status: 200 as const };
    },
  );
};

export default agentAdminRoutes;
