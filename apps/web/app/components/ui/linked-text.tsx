/**
 * Content text with `[label](target)` links (content/linked-text.ts): site paths become router
 * links, mailto: and tel: targets plain anchors. Everything else is printed as it is.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { contentLinkPattern } from "~/content/linked-text";

export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(contentLinkPattern)) {
    const [whole, label, target = ""] = match;
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      target.startsWith("/") ? (
        <Link key={start} to={target} className="font-semibold text-brand">
          {label}
        </Link>
      ) : (
        <a key={start} href={target} className="font-semibold text-brand">
          {label}
        </a>
      ),
    );
    last = start + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
