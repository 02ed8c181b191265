/** A project folder in the file manager: sub-folders, shared files and the trash. */
import { FileText, Folder, Lock, Trash2 } from "lucide-react";
import { Avatar, MockupFrame } from "./mockup-frame";

const rows = [
  { kind: "folder", name: "Contracts", meta: "4 files", shared: ["RK"] },
  { kind: "folder", name: "Designs", meta: "23 files", shared: ["MJ", "PN"] },
  { kind: "file", name: "Statement of work v3.pdf", meta: "412 KB", shared: ["RK", "AS"] },
  { kind: "file", name: "Brand guidelines.pdf", meta: "2.1 MB", shared: ["MJ"] },
] as const;

export function FilesMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Files › Clients › Patel & Co."
      chip={{
        tone: "teal",
        text: (
          <>
            <Lock aria-hidden="true" className="size-3" /> Encrypted
          </>
        ),
      }}
      label="The Hourline file manager showing a client folder with Contracts and Designs sub-folders, two shared documents with the colleagues they are shared with, and a trash holding three deleted files that can be restored"
    >
      <ul className="divide-y divide-line">
        {rows.map((row) => {
          const Icon = row.kind === "folder" ? Folder : FileText;
          return (
            <li key={row.name} className="flex items-center gap-3 py-2">
              <span
                className={`grid size-8 shrink-0 place-items-center rounded-lg ${row.kind === "folder" ? "bg-accent-soft text-[#92400e] dark:text-accent" : "bg-brand-soft text-brand"}`}
              >
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.8125rem] font-semibold text-ink">
                  {row.name}
                </span>
                <span className="block text-[0.6875rem] text-muted">{row.meta}</span>
              </span>
              <span className="flex -space-x-1.5">
                {row.shared.map((who) => (
                  <Avatar key={who} initials={who} tone="teal" />
                ))}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 flex items-center gap-2 rounded-lg bg-sunken px-3 py-2 text-[0.6875rem] text-muted">
        <Trash2 aria-hidden="true" className="size-3.5 shrink-0" />
        <span>
          Trash · 3 files · <span className="font-bold text-ink">Restore</span>
        </span>
      </p>
    </MockupFrame>
  );
}
