/**
 * The team's canned replies, searchable, in a popover above the reply editor: opened with its
 * button or by typing "/" at the start of an empty reply. The list is fetched each time it opens,
 * so a reply saved by a colleague a minute ago is there. Choosing one puts its text in the editor
 * to adjust before sending; nothing is sent by choosing.
 */
import { Command } from "cmdk";
import { MessageSquareText } from "lucide-react";
import { Popover } from "radix-ui";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import type { loadCannedReplies } from "../route-data/canned-replies";
import { consoleHome } from "./sign-in-path";

export function CannedReplyPicker({
  open,
  onOpenChange,
  onPick,
  focusOnClose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (body: string) => void;
  /** Where focus goes when the list closes (the reply editor), instead of the list's button. */
  focusOnClose: () => void;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        className="btn btn-secondary size-11 shrink-0 p-0"
        aria-label="Insert a canned reply"
        title="Canned replies"
      >
        <MessageSquareText aria-hidden="true" className="size-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          className="card z-50 w-[min(92vw,26rem)] p-0"
          aria-label="Canned replies"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusOnClose();
          }}
        >
          <PickerList
            onPick={(body) => {
              onPick(body);
              onOpenChange(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * Mounted each time the popover opens, so the list is loaded fresh every time, from the Canned
 * replies route's loader (its own fetcher: the screen's route is not the one showing).
 */
function PickerList({ onPick }: { onPick: (body: string) => void }) {
  const fetcher = useFetcher<typeof loadCannedReplies>();
  useEffect(() => {
    void fetcher.load(`${consoleHome}/canned-replies`);
    // Once per opening; the fetcher's load is stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const load = fetcher.data ?? { kind: "loading" as const };

  return (
    // cmdk names its input with this label (aria-labelledby wins over an aria-label).
    <Command label="Search canned replies" className="flex flex-col">
      <Command.Input
        placeholder="Search canned replies…"
        className="w-full rounded-t-[var(--radius-card)] border-b border-line bg-surface px-4 py-3 text-ink placeholder:text-muted"
      />
      {/* A list still loading has no options yet: aria-busy says so (a listbox must own its
          options once it is ready). */}
      <Command.List
        className="max-h-72 overflow-y-auto p-1"
        aria-busy={load.kind === "loading" || undefined}
      >
        {load.kind === "loading" ? (
          <Command.Loading>
            <p className="px-3 py-2 text-sm text-muted">Loading…</p>
          </Command.Loading>
        ) : null}
        {load.kind === "failed" ? (
          <p role="alert" className="px-3 py-2 text-sm font-semibold text-danger">
            {load.message}
          </p>
        ) : null}
        {load.kind === "loaded" ? (
          <Command.Empty className="px-3 py-2 text-sm text-muted">
            {load.data.length === 0 ? (
              <>
                No canned replies yet.{" "}
                <Link to="/console/canned-replies" className="text-brand underline">
                  Add one
                </Link>
              </>
            ) : (
              "No canned reply matches."
            )}
          </Command.Empty>
        ) : null}
        {load.kind === "loaded"
          ? load.data.map((reply) => (
              <Command.Item
                key={reply.id}
                value={`${reply.title} ${reply.body}`}
                onSelect={() => onPick(reply.body)}
                className="cursor-pointer rounded-lg px-3 py-2 data-[selected=true]:bg-brand-soft"
              >
                <span className="block text-sm font-semibold text-ink">{reply.title}</span>
                <span className="block truncate text-xs text-muted">{reply.body}</span>
              </Command.Item>
            ))
          : null}
      </Command.List>
    </Command>
  );
}
