/**
 * The signed-in agent: who they are, their display name (visitors see it beside replies; open
 * sockets pick up a new one at once), and their password (the current one is needed, guesses count
 * like failed sign-ins, and a change ends every other session of theirs).
 */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import {
  agentAnswerSchema,
  changePasswordBodySchema,
  meAnswerSchema,
  updateProfileBodySchema,
  type ChangePasswordBody,
  type UpdateProfileBody,
} from "@hourline/contracts/console";
import {
  agentStatusAnswerSchema,
  agentStatusBodySchema,
  type AgentStatusBody,
} from "@hourline/contracts/console-team";
import type { FastifyPluginAsync } from "fastify";
import { signedInAgent } from "../../../plugins/agent-sessions";
import { findAgentById, setAgentName, toAgentProfile } from "../../../repositories/agents";
import { sendRetryLater } from "../rate-limited-error";

const wrongCurrentPassword = "Your current password is not correct.";

const profileRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const sessions = app.agentSessions;

  app.get(
    "/me",
    { schema: { response: { 200: meAnswerSchema, "4xx": apiErrorSchema } } },
    async (request) => {
      const { agent } = signedInAgent(request);
      // What the agent chose; a disabled or removed one has no session to ask with.
      const stored = await findAgentById(db, agent.id);
      return {
        status: 200 as const,
        agent,
        agent_status: stored?.availabilityStatus ?? ("online" as const),
      };
    },
  );

  // online: new chats may be given to this agent; away: none, and no alerts for others' chats.
  app.put<{ Body: AgentStatusBody }>(
    "/me/status",
    {
      bodyLimit: 1024,
      schema: {
        body: agentStatusBodySchema,
        response: { 200: agentStatusAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request) => {
      const { agent } = signedInAgent(request);
      const availability = await app.consoleRouting.setStatus(agent, request.body.status);
      request.log.info({ agentId: agent.id, status: request.body.status }, "agent status set");
      return { status: 200 as const, agent: { ...toAgentProfile(agent), availability } };
    },
  );

  app.patch<{ Body: UpdateProfileBody }>(
    "/me",
    {
      bodyLimit: 4 * 1024,
      schema: {
        body: updateProfileBodySchema,
        response: { 200: agentAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request) => {
      const { agent } = signedInAgent(request);
      await setAgentName(db, agent.id, request.body.name);
      const updated = toAgentProfile({ ...agent, name: request.body.name });
      // The agent's open sockets (on any instance) send with the new name from now on.
      await sessions.profileChanged(updated);
      request.log.info({ agentId: agent.id }, "agent changed their display name");
      return { status: 200 as const, agent: updated };
    },
  );

  app.post<{ Body: ChangePasswordBody }>(
    "/me/password",
    {
      bodyLimit: 8 * 1024,
      schema: {
        body: changePasswordBodySchema,
        response: { 200: okSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { agent, sessionId } = signedInAgent(request);
      const check = await sessions.checkOwnPassword(agent, request.body.current_password);
      if (!check.ok) {
        if (check.limited) {
          return sendRetryLater(
            reply,
            check.retryAfterSeconds * 1000,
            "Too many attempts. Please try again in {wait}.",
          );
        }
        request.log.info({ agentId: agent.id }, "password change refused: wrong current password");
        return reply.code(400).send(
          apiError(400, "validation_failed", "Some fields need your attention.", {
            current_password: wrongCurrentPassword,
          }),
        );
      }
      await sessions.setPassword(agent.id, request.body.new_password, sessionId);
      request.log.info({ agentId: agent.id }, "agent changed their password; other sessions ended");
      return { status: 200 as const };
    },
  );
};

export default profileRoutes;
