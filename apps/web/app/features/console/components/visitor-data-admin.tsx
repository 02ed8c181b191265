/**
 * A visitor's data on request, for admins: download everything stored about one e-mail address as
 * JSON, or erase it all after a confirmation that says what goes; below, the blocked addresses
 * (blocked-visitors-admin.tsx) and the audit log of every export, erasure, block and bulk action
 * (who, when, which address, masked, and what it covered).
 */
import type {
  AuditLogEntry,
  VisitorDataCounts,
  VisitorEraseAnswer,
  VisitorExport,
} from "@hourline/contracts/visitor-data";
import { visitorEmailParamsSchema } from "@hourline/contracts/visitor-data";
import { Download, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import type { VisitorData, VisitorDataSubmission } from "../route-data/visitor-data";
import { BlockedVisitorsAdmin } from "./blocked-visitors-admin";
import { ConfirmDialog } from "./confirm-dialog";
import { ProblemMessage } from "./problem-message";
import { useConsoleState } from "./console-context";
import { shortDateTime } from "./time-labels";
import { useConsoleSubmit } from "./use-console-submit";
import { useRoleRevalidation } from "./use-role-revalidation";

const SCOPE = "visitor-data";

const auditActionLabels: Record<AuditLogEntry["action"], string> = {
  visitor_export: "Exported",
  visitor_erase: "Erased",
  visitor_block: "Blocked",
  visitor_unblock: "Unblocked",
  bulk_end: "Ended in bulk",
  bulk_assign: "Assigned in bulk",
};

const countWords: [keyof VisitorDataCounts, string, string][] = [
  ["conversations", "conversation", "conversations"],
  ["messages", "message", "messages"],
  ["images", "image", "images"],
  ["contact_messages", "contact message", "contact messages"],
  ["chat_sessions", "chat session", "chat sessions"],
  ["one_time_codes", "one-time code", "one-time codes"],
  ["mail", "mail", "mails"],
];

/** "2 conversations, 7 messages, 1 image", or "nothing" when every count is 0. */
export function describeCounts(counts: Partial<Record<string, number>>): string {
  const known = new Set<string>(countWords.map(([key]) => key));
  const parts = [
    ...countWords
      .filter(([key]) => (counts[key] ?? 0) > 0)
      .map(([key, one, many]) => `${counts[key]} ${counts[key] === 1 ? one : many}`),
    // A block's or bulk action's own counts, named as the server names them.
    ...Object.entries(counts)
      .filter(([key]) => !known.has(key))
      .map(([key, n]) => `${key.replace(/_/g, " ")}: ${n}`),
  ];
  return parts.length ? parts.join(", ") : "nothing";
}

/** The address as the server will read it, or the reason it is not one. */
function checkAddress(value: string): { email: string } | { problem: string } {
  const parsed = visitorEmailParamsSchema.safeParse({ email: value });
  if (parsed.success) return { email: parsed.data.email };
  return { problem: parsed.error.issues[0]?.message ?? "Please enter an e-mail address." };
}

function download(name: string, json: unknown) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(json, null, 2)], { type: "application/json" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `data` is the route loader's answer; export, erasure and unblock go to the route's action. */
export function VisitorDataAdmin({ data }: { data: VisitorData }) {
  const me = useConsoleState((s) => s.me);
  useRoleRevalidation();
  const [address, setAddress] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | null>(null);
  const exporting = useConsoleSubmit<VisitorExport>();
  const erasing = useConsoleSubmit<VisitorEraseAnswer>();
  // One request at a time: an export and an erasure of the same address must not cross.
  const busy = exporting.pending || erasing.pending;
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (me.role !== "admin") {
    return (
      <div className="p-6">
        <h1 className="text-2xl font-bold text-ink">Visitor data</h1>
        <p className="mt-2 text-muted">Only an admin can export or erase a visitor&rsquo;s data.</p>
      </div>
    );
  }

  const checked = (): string | null => {
    const result = checkAddress(address);
    if ("problem" in result) {
      setFieldError(result.problem);
      return null;
    }
    setFieldError(undefined);
    return result.email;
  };

  // The audit log reloads with the route's data after each of them.
  function onExport(event: FormEvent) {
    event.preventDefault();
    const email = checked();
    if (!email || busy) return;
    const submission: VisitorDataSubmission = { intent: "export", email };
    const sent = exporting.submit(submission, (outcome) => {
      if (!outcome.ok) {
        setProblem(outcome.message);
        return;
      }
      download("visitor-data.json", outcome.data);
      setStatus(`Exported ${describeCounts(outcome.data.counts)} for ${email}.`);
    });
    if (sent) {
      setStatus(null);
      setProblem(null);
    }
  }

  function onErase(email: string) {
    if (busy) return;
    const submission: VisitorDataSubmission = { intent: "erase", email };
    const sent = erasing.submit(submission, (outcome) => {
      if (!outcome.ok) {
        setProblem(outcome.message);
        return;
      }
      setAddress("");
      setStatus(`Erased ${describeCounts(outcome.data.erased)} for ${email}.`);
    });
    if (sent) {
      setStatus(null);
      setProblem(null);
    }
  }

  const audit = data.kind === "admin" ? data.audit : data;

  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
      <div className="mx-auto max-w-4xl space-y-6">
        <div>
          <h1 className="text-2xl font-bold text-ink">Visitor data</h1>
          <p className="mt-1 text-muted">
            When a visitor asks for a copy of their data or for it to be deleted, export or erase
            everything stored about their e-mail address: chats with their messages and images,
            contact messages, chat sessions, one-time codes and mail. Each request is recorded in
            the audit log below.
          </p>
        </div>
        <section aria-labelledby="request-title" className="card p-5">
          <h2 id="request-title" className="text-lg font-bold text-ink">
            A visitor&rsquo;s request
          </h2>
          <form noValidate onSubmit={onExport} className="mt-4 space-y-4">
            <FormField
              scope={SCOPE}
              name="email"
              label="Visitor's e-mail address"
              hint="Check first that the request comes from this address."
              error={fieldError}
            >
              <input
                {...controlProps(SCOPE, "email", { hint: true, invalid: fieldError })}
                type="email"
                autoComplete="off"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                className={inputClass}
              />
            </FormField>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
                <Download aria-hidden="true" className="size-4" />
                Download their data
              </button>
              <ConfirmDialog
                trigger={
                  <>
                    <Trash2 aria-hidden="true" className="size-4" />
                    Erase their data…
                  </>
                }
                triggerClassName="btn btn-secondary"
                title="Erase this visitor's data?"
                description={
                  <>
                    Everything stored about <strong className="text-ink">{confirming}</strong> is
                    deleted: their conversations with every message and image, contact messages,
                    chat sessions (open chats close), one-time codes and mail. This cannot be
                    undone. The audit log records that you did it.
                  </>
                }
                confirmLabel="Erase all of it"
                open={confirming !== null}
                onOpenChange={(open) => setConfirming(open && !busy ? checked() : null)}
                onConfirm={() => {
                  if (confirming) onErase(confirming);
                }}
              />
            </div>
            <p role="status" className="min-h-6 text-sm font-semibold text-ink">
              {status}
            </p>
          </form>
          <ProblemMessage text={problem} />
        </section>
        <BlockedVisitorsAdmin load={data.kind === "admin" ? data.blocked : data} />
        <section aria-labelledby="audit-title">
          <h2 id="audit-title" className="text-lg font-bold text-ink">
            Audit log
          </h2>
          <p className="mt-1 text-sm text-muted">
            The newest 200 exports, erasures, blocks, unblocks and bulk actions. Addresses are shown
            masked: the log does not keep an address it erased.
          </p>
          {audit.kind === "not-allowed" ? (
            <p className="mt-3 text-muted">Loading…</p>
          ) : audit.kind === "failed" ? (
            <p role="alert" className="mt-3 font-semibold text-danger">
              {audit.message}
            </p>
          ) : audit.data.length === 0 ? (
            <p className="mt-3 text-muted">No visitor has asked yet.</p>
          ) : (
            <AuditTable entries={audit.data} />
          )}
        </section>
      </div>
    </div>
  );
}

function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <div className="card mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="audit-log">
        <thead className="border-b border-line text-muted">
          <tr>
            {["When", "Admin", "Request", "Address", "What it covered"].map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-line last:border-0">
              <td className="px-4 py-2 whitespace-nowrap">{shortDateTime(e.created_at)}</td>
              <td className="px-4 py-2">{e.agent_name ?? `Agent ${e.agent_id} (removed)`}</td>
              <td className="px-4 py-2">{auditActionLabels[e.action]}</td>
              <td className="px-4 py-2">{e.subject}</td>
              <td className="px-4 py-2">{describeCounts(e.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
