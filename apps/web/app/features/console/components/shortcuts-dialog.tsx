/**
 * The dialog that lists the console's keyboard shortcuts (the keys themselves are in
 * shortcut-keys.ts). Loaded only when first opened: it brings Radix's dialog with it.
 */
import { Dialog } from "radix-ui";
import { ConsoleDialogContent } from "./console-dialog";

export { shortcutKeys } from "./shortcut-keys";

const rows: { keys: string[]; what: string }[] = [
  { keys: ["Alt", "↓"], what: "Next conversation (also Alt + J)" },
  { keys: ["Alt", "↑"], what: "Previous conversation (also Alt + K)" },
  { keys: ["Alt", "R"], what: "Write a reply" },
  { keys: ["Alt", "E"], what: "End the chat (asks first)" },
  { keys: ["Enter"], what: "Send the reply" },
  { keys: ["Shift", "Enter"], what: "New line in the reply" },
  { keys: ["/"], what: "Canned replies, typed at the start of an empty reply" },
  { keys: ["Alt", "/"], what: "This list" },
];

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ConsoleDialogContent
        title="Keyboard shortcuts"
        description="They work anywhere in the console, also while you type a reply."
        widthClass="w-[min(92vw,28rem)]"
      >
        <table className="mt-4 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">What they do</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.what} className="border-t border-line">
                <td className="py-2 pr-4 whitespace-nowrap">
                  {row.keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 ? <span className="px-1 text-muted">+</span> : null}
                      <kbd className="rounded-md border border-line bg-sunken px-1.5 py-0.5 font-sans text-xs font-semibold text-ink">
                        {key}
                      </kbd>
                    </span>
                  ))}
                </td>
                <td className="py-2 text-ink">{row.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ConsoleDialogContent>
    </Dialog.Root>
  );
}
