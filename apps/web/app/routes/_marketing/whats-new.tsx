import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { AnnouncementBadge } from "~/components/announcement-badge";
import { PageHeader } from "~/components/layout/page-header";
import { themes } from "~/content/whats-new";
import { routeMeta } from "~/seo";
import { findPageRoute, requirePageRoute } from "~/site";
import type { Route } from "./+types/whats-new";

const route = requirePageRoute("/whats-new");
export const meta = () => routeMeta(route);

export function loader() {
  return { themes };
}

export default function WhatsNew({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="What's new" heading={route.heading}>
        <p>
          Nine themes shape what we are shipping this year. Each one comes from the questions
          customers ask us most, and each links to the module it improves. We release in small
          steps, so parts of every theme are already in your workspace.
        </p>
        <div className="mt-6">
          <AnnouncementBadge />
        </div>
      </PageHeader>

      <div className="container-page py-16">
        <ol className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.themes.map((theme, i) => (
            <li key={theme.title} className="card flex flex-col p-6">
              <span
                aria-hidden="true"
                className="font-[family-name:var(--font-display)] text-4xl font-bold text-brand tabular-nums"
              >
                {String(i + 1).padStart(2, "0")}
              </span>
              <h2 className="mt-3 text-xl font-bold text-ink">{theme.title}</h2>
              <p className="mt-2 flex-1 text-muted">{theme.text}</p>
              <Link
                to={theme.path}
                className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand"
              >
                {findPageRoute(theme.path)?.feature?.label ?? "Read more"}
                <ArrowRight aria-hidden="true" className="size-3.5" />
              </Link>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
