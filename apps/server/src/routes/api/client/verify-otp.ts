/**
 * POST /api/client/verify_otp: the visitor proves the e-mail address with the code it received and
 * this browser gets a session cookie bound to that address.
 */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import { verifyOtpBodySchema, type VerifyOtpBody } from "@hourline/contracts/chat-api";
import type { FastifyPluginAsync } from "fastify";
import { codeSpender, setProvenMark } from "../../../auth/code-requester";
import { maskEmail } from "../../../log/redaction";
import { blockedMessage } from "@hourline/contracts/console-hygiene";
import { isBlocked } from "../../../repositories/blocked-visitors";

const verifyOtpRoute: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.post<{ Body: VerifyOtpBody }>(
    "/verify_otp",
    {
      // Five wrong tries void a code; this stops one IP from cycling through many addresses.
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      schema: { body: verifyOtpBodySchema, response: { 200: okSchema, "4xx": apiErrorSchema } },
    },
    async (request, reply) => {
      const { email, otp } = request.body;
      if (await isBlocked(app.database.db, email)) {
        request.log.info({ email: maskEmail(email) }, "chat code refused: address blocked");
        return reply.code(403).send(apiError(403, "forbidden", blockedMessage));
      }
      // Only the browser that asked for the code can spend it (its nonce cookie).
      const result = await app.oneTimeCodes.verify(email, otp, codeSpender(request, publicUrl));
      request.log.info(
        { email: maskEmail(email), ok: result.ok, reason: result.ok ? undefined : result.reason },
        "chat code verification",
      );
      if (result.ok) {
        await app.visitorSessions.start(request, reply, email);
        setProvenMark(reply, publicUrl, app.oneTimeCodes.provenMark(email));
        return { status: 200 as const };
      }
      if (result.reason === "invalid") {
        const message = `That code is not right. You have ${result.attemptsLeft} ${result.attemptsLeft === 1 ? "try" : "tries"} left.`;
        const answer = apiError(400, "otp_invalid", message, { otp: message });
        return reply
          .code(400)
          .send({ ...answer, error: { ...answer.error, attempts_left: result.attemptsLeft } });
      }
      const message =
        result.reason === "locked"
          ? "Too many wrong codes. Please ask for a new code."
          : "This code has expired or was already used. Please ask for a new code.";
      return reply.code(400).send(
        apiError(400, result.reason === "locked" ? "otp_locked" : "otp_expired", message, {
          otp: message,
        }),
      );
    },
  );
};

export default verifyOtpRoute;
