import { Link } from "react-router";
import { brand } from "~/brand";

/** The one "New" announcement (brand config), shown in the home hero and on every feature page. */
export function AnnouncementBadge() {
  return (
    <Link
      to={brand.announcement.href}
      className="inline-flex max-w-full items-center gap-2 rounded-[1.25rem] border border-line bg-surface py-1 pr-3 pl-1 text-sm text-ink no-underline shadow-sm hover:border-brand"
    >
      <span className="shrink-0 rounded-full bg-brand-strong px-2 py-0.5 text-xs font-bold text-on-brand">
        {brand.announcement.label}
      </span>
      {/* Wraps on a narrow phone rather than cutting the sentence off. */}
      <span className="min-w-0">{brand.announcement.text}</span>
    </Link>
  );
}
