/**
 * The team's canned replies: every agent can add one, change one or remove one (after a
 * confirmation). A reply is plain text with a title to find it by; in a chat it is picked with "/"
 * or the replies button and lands in the editor to adjust before sending.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  cannedReplyBodySchema,
  cannedReplyLimits,
  type CannedReply,
  type CannedReplyAnswer,
  type CannedReplyBody,
} from "@hourline/contracts/console";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import type { CannedRepliesSubmission } from "../route-data/canned-replies";
import type { Load } from "../route-data/screen-data";
import { ConfirmDialog } from "./confirm-dialog";
import { applyFieldErrors } from "./form-errors";
import { ProblemMessage } from "./problem-message";
import { shortDateTime } from "./time-labels";
import { useConsoleSubmit } from "./use-console-submit";

const FORM = "canned-reply";
const empty: CannedReplyBody = { title: "", body: "" };

/** `load` is the route loader's answer (sorted by title); saving or removing loads it again. */
export function CannedRepliesManager({ load }: { load: Load<CannedReply[]> }) {
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CannedReplyBody>({
    resolver: zodResolver(cannedReplyBodySchema),
    defaultValues: empty,
  });

  function edit(reply: CannedReply | null) {
    setEditing(reply);
    setProblem(null);
    reset(reply ? { title: reply.title, body: reply.body } : empty);
    requestAnimationFrame(() => formHeading.current?.focus());
  }

  const saving = useConsoleSubmit<CannedReplyAnswer>();
  const removing = useConsoleSubmit<unknown>();

  const save = handleSubmit((values) => {
    const submission: CannedRepliesSubmission = {
      intent: "save",
      reply: values,
      ...(editing ? { id: editing.id } : {}),
    };
    const sent = saving.submit(submission, (outcome) => {
      if (!outcome.ok) {
        if (!applyFieldErrors(outcome, ["title", "body"], setError)) setProblem(outcome.message);
        return;
      }
      const saved = outcome.data.reply;
      setStatus(editing ? `Saved "${saved.title}".` : `Added "${saved.title}".`);
      setEditing(null);
      reset(empty);
    });
    if (sent) {
      setProblem(null);
      setStatus(null);
    }
  });

  function remove(reply: CannedReply) {
    const submission: CannedRepliesSubmission = { intent: "remove", id: reply.id };
    const sent = removing.submit(submission, (outcome) => {
      if (!outcome.ok) {
        setProblem(outcome.message);
        return;
      }
      if (editing?.id === reply.id) edit(null);
      setStatus(`Removed "${reply.title}".`);
    });
    if (sent) setProblem(null);
  }

  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
      <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="canned-title">
          <h1 id="canned-title" className="text-2xl font-bold text-ink">
            Canned replies
          </h1>
          <p className="mt-1 text-muted">
            Answers the team gives often. In a chat, type / at the start of a reply to pick one.
          </p>
          <p role="status" className="mt-3 min-h-6 text-sm font-semibold text-ink">
            {status}
          </p>
          {load.kind === "failed" ? (
            <p role="alert" className="mt-4 font-semibold text-danger">
              {load.message}
            </p>
          ) : load.data.length === 0 ? (
            <p className="mt-4 text-muted">No canned replies yet. Add the first one here.</p>
          ) : (
            <ul className="mt-2 space-y-3" data-testid="canned-list">
              {load.data.map((reply) => (
                <li key={reply.id} className="card p-4" data-testid="canned-item">
                  <div className="flex items-start justify-between gap-3">
                    <h2 className="font-semibold text-ink">{reply.title}</h2>
                    <div className="flex shrink-0 gap-1">
                      <button
                        type="button"
                        className="grid size-9 place-items-center rounded-full text-muted hover:bg-sunken hover:text-ink"
                        aria-label={`Edit "${reply.title}"`}
                        onClick={() => edit(reply)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </button>
                      <DeleteButton reply={reply} onConfirm={() => remove(reply)} />
                    </div>
                  </div>
                  <p className="mt-1 line-clamp-3 text-sm whitespace-pre-wrap text-muted">
                    {reply.body}
                  </p>
                  <p className="mt-2 text-xs text-muted">
                    Saved by {reply.updated_by}, {shortDateTime(reply.updated_at)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="canned-form-title" className="card h-fit p-5 lg:sticky lg:top-0">
          <h2
            id="canned-form-title"
            ref={formHeading}
            tabIndex={-1}
            className="text-lg font-bold text-ink outline-none"
          >
            {editing ? `Edit "${editing.title}"` : "Add a canned reply"}
          </h2>
          <ProblemMessage text={problem} />
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save(e);
            }}
            className="mt-4 space-y-4"
          >
            <FormField
              scope={FORM}
              name="title"
              label="Title"
              hint="What you will search for, e.g. Pricing per employee."
              error={errors.title?.message}
            >
              <input
                {...controlProps(FORM, "title", { hint: true, invalid: errors.title })}
                {...register("title")}
                maxLength={cannedReplyLimits.title}
                className={inputClass}
              />
            </FormField>
            <FormField
              scope={FORM}
              name="body"
              label="Reply"
              hint="{visitor_name} and {agent_name} are filled in when the reply is inserted."
              error={errors.body?.message}
            >
              <textarea
                {...controlProps(FORM, "body", { hint: true, invalid: errors.body })}
                {...register("body")}
                rows={6}
                maxLength={cannedReplyLimits.body}
                className={`${inputClass} resize-y`}
              />
            </FormField>
            <div className="flex gap-2">
              <button
                type="submit"
                className="btn btn-primary"
                aria-disabled={saving.pending || undefined}
              >
                {editing ? null : <Plus aria-hidden="true" className="size-4" />}
                {editing ? "Save changes" : "Add reply"}
              </button>
              {editing ? (
                <button type="button" className="btn btn-secondary" onClick={() => edit(null)}>
                  Cancel
                </button>
              ) : null}
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}

function DeleteButton({ reply, onConfirm }: { reply: CannedReply; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={<Trash2 aria-hidden="true" className="size-4" />}
      triggerClassName="grid size-9 place-items-center rounded-full text-muted hover:bg-sunken hover:text-danger"
      triggerLabel={`Remove "${reply.title}"`}
      title={`Remove "${reply.title}"?`}
      description="It is removed for the whole team. Chats where it was used keep their messages."
      confirmLabel="Remove"
      onConfirm={onConfirm}
    />
  );
}
