/**
 * The Visitor data screen's data, for admins only: the audit log and the blocked addresses; and
 * what it submits: a visitor's export (recorded in the log), their erasure, an unblock.
 */
import { fetchBlockedVisitors, unblockVisitor } from "../api/hygiene";
import { eraseVisitorData, exportVisitorData, fetchAuditLog } from "../api/visitor-data";
import { forAdmins, readSubmission, toLoad, toOutcome } from "./screen-data";

export type VisitorDataSubmission =
  | { intent: "export"; email: string }
  | { intent: "erase"; email: string }
  | { intent: "unblock"; email: string };

export const loadVisitorData = () =>
  forAdmins(async () => {
    const [audit, blocked] = await Promise.all([fetchAuditLog(), fetchBlockedVisitors()]);
    return { kind: "admin" as const, audit: toLoad(audit), blocked: toLoad(blocked) };
  });

export type VisitorData = Awaited<ReturnType<typeof loadVisitorData>>;

export async function visitorDataAction(request: Request) {
  const { intent, email } = await readSubmission<VisitorDataSubmission>(request);
  switch (intent) {
    case "export":
      return toOutcome(await exportVisitorData(email));
    case "erase":
      return toOutcome(await eraseVisitorData(email));
    case "unblock": {
      const result = await unblockVisitor(email);
      // Not blocked any more either way: someone else may have unblocked it a moment ago.
      if (!result.ok && result.status === 404) return { ok: true as const, data: { status: 200 } };
      return toOutcome(result);
    }
  }
}
