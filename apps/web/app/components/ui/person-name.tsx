/**
 * A name someone typed (a visitor's, an agent's), shown isolated: whatever direction its letters
 * run, it cannot reorder the time, the label or the words beside it. Invisible direction and
 * zero-width controls are dropped as well, in case an old record still holds one. In a plain-text
 * string (a title, a notification, a label) use isolateText from the contracts instead.
 */
import { stripFormatControls } from "@hourline/contracts/text";

export function PersonName({ name, className }: { name: string; className?: string }) {
  return <bdi className={className}>{stripFormatControls(name)}</bdi>;
}
