import { Link } from "react-router";
import { brand } from "~/brand";
import { PageHeader } from "~/components/layout/page-header";
import { considerations, workspaceSections } from "~/content/site-map";
import { routeMeta } from "~/seo";
import { requirePageRoute, staticPageRoutes, type PageRoute } from "~/site";
import type { Route } from "./+types/site-map";

const route = requirePageRoute("/site-map");
export const meta = () => routeMeta(route);

export function loader() {
  return { workspaceSections, considerations };
}

const footerTitles: Record<NonNullable<PageRoute["footer"]>["column"], string> = {
  product: "Product",
  company: "Company",
  resources: "Resources",
  legal: "Legal",
};

/** Every page of the route table, grouped the way the header, mega-menu and footer group them. */
function pageGroups(): { title: string; pages: { path: string; label: string }[] }[] {
  const groups = new Map<string, { path: string; label: string }[]>();
  const add = (title: string, path: string, label: string) => {
    groups.set(title, [...(groups.get(title) ?? []), { path, label }]);
  };
  for (const r of staticPageRoutes) {
    if (r.header) add("Main pages", r.path, r.header.label);
    else if (r.feature) add("Features", r.path, r.feature.label);
    else if (r.footer) add(footerTitles[r.footer.column], r.path, r.footer.label);
    else add("More pages", r.path, r.title);
  }
  return [...groups].map(([title, pages]) => ({ title, pages }));
}

export default function SiteMap({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Site map" heading={route.heading}>
        <p>
          A short tour of the {brand.name} workspace: what each section holds, and the ideas that
          make it easy to find your way. Below the tour is a list of every page on this website.
        </p>
      </PageHeader>

      <div className="container-page grid grid-cols-1 gap-10 py-16 lg:grid-cols-2 lg:gap-16">
        <section aria-labelledby="sections-title">
          <h2 id="sections-title" className="text-2xl font-bold text-ink">
            Sections of the workspace
          </h2>
          <dl className="mt-6 divide-y divide-line">
            {loaderData.workspaceSections.map((s) => (
              <div key={s.title} className="py-4">
                <dt className="font-bold text-ink">{s.title}</dt>
                <dd className="mt-1 text-muted">{s.text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="considerations-title">
          <h2 id="considerations-title" className="text-2xl font-bold text-ink">
            Finding your way around
          </h2>
          <dl className="mt-6 space-y-4">
            {loaderData.considerations.map((c) => (
              <div key={c.title} className="rounded-[var(--radius-card)] bg-sunken p-5">
                <dt className="font-bold text-ink">{c.title}</dt>
                <dd className="mt-1 text-muted">{c.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <section aria-labelledby="pages-title" className="border-t border-line bg-surface">
        <div className="container-page py-16">
          <h2 id="pages-title" className="text-2xl font-bold text-ink">
            Every page on this website
          </h2>
          <p className="mt-2 text-muted">
            Also available as an{" "}
            <a href="/sitemap.xml" className="text-brand">
              XML sitemap
            </a>{" "}
            for search engines.
          </p>
          <div className="mt-8 grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {pageGroups().map((group) => (
              <div key={group.title}>
                <h3 className="font-bold text-ink">{group.title}</h3>
                <ul className="mt-3 space-y-1.5 text-sm">
                  {group.pages.map((p) => (
                    <li key={p.path}>
                      <Link to={p.path} className="text-brand">
                        {p.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
