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
  type CannedReplyBody,
} from "@hourline/contracts/console";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import { useOneAtATime } from "~/hooks/use-one-at-a-time";
import { deleteCannedReply, fetchCannedReplies, saveCannedReply } from "../api/canned-replies";
import { failureMessage } from "../api/console-client";
import { ConfirmDialog } from "./confirm-dialog";
import { applyFieldErrors } from "./form-errors";
import { ProblemMessage } from "./problem-message";
import { shortDateTime } from "./time-labels";
import { useConsoleFetch } from "./use-console-fetch";

const FORM = "canned-reply";
const empty: CannedReplyBody = { title: "", body: "" };

const byTitle = (a: CannedReply, b: CannedReply) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: "base" });

export function CannedRepliesManager() {
  const [load, updateReplies] = useConsoleFetch(fetchCannedReplies);
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
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

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    setStatus(null);
    const result = await saveCannedReply(values, editing?.id);
    if (!result.ok) {
      if (!applyFieldErrors(result, ["title", "body"], setError)) {
        setProblem(failureMessage(result));
      }
      return;
    }
    const saved = result.data.reply;
    updateReplies((replies) => [...replies.filter((r) => r.id !== saved.id), saved].sort(byTitle));
    setStatus(editing ? `Saved "${saved.title}".` : `Added "${saved.title}".`);
    setEditing(null);
    reset(empty);
  });
  const save = useOneAtATime(submit);

  async function remove(reply: CannedReply) {
    setProblem(null);
    const result = await deleteCannedReply(reply.id);
    if (!result.ok && result.status !== 404) {
      setProblem(failureMessage(result));
      return;
    }
    updateReplies((replies) => replies.filter((r) => r.id !== reply.id));
    if (editing?.id === reply.id) edit(null);
    setStatus(`Removed "${reply.title}".`);
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
          {load.kind === "loading" ? (
            <p className="mt-4 text-muted">Loading…</p>
          ) : load.kind === "failed" ? (
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
                      <DeleteButton reply={reply} onConfirm={() => void remove(reply)} />
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
              void save.run(e);
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
                aria-disabled={isSubmitting || undefined}
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
