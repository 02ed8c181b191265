/**
 * The sign-in route's action: the pair the page sent, tried on the server (see api/sign-in.ts),
 * as a submission's outcome. A wrong pair is the server's one generic message; too many attempts
 * say how long to wait (status 429); a field the server named keeps its word for that field.
 * Imported by the sign-in route only, so it stays in the sign-in page's own file.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import { signIn } from "../api/sign-in";
import { readSubmission, type Outcome } from "./screen-data";

export type SignInSubmission = { intent: "sign-in"; email: string; password: string };

export async function signInAction(request: Request): Promise<Outcome<AgentProfile>> {
  const { email, password } = await readSubmission<SignInSubmission>(request);
  const outcome = await signIn(email, password);
  switch (outcome.kind) {
    case "signed-in":
      return { ok: true, data: outcome.agent };
    case "rate-limited":
      return { ok: false, status: 429, message: outcome.message, fields: {} };
    case "refused":
      return {
        ok: false,
        status: outcome.status,
        message: outcome.message,
        fields: outcome.fields ?? {},
      };
  }
}
