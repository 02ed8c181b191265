import { Link, useLocation } from "react-router";
import { appLinks, brand } from "~/brand";
import { PageHeader } from "~/components/layout/page-header";
import { metaForPath } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/feature";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function FeaturePage() {
  const route = requirePageRoute(useLocation().pathname);
  return (
    <PageHeader
      eyebrow={
        <Link to={brand.announcement.href} className="inline-flex items-center gap-2 no-underline">
          <span className="rounded-full bg-brand-strong px-2 py-0.5 text-xs text-on-brand">
            {brand.announcement.label}
          </span>
          <span className="text-sm tracking-normal normal-case">{brand.announcement.text}</span>
        </Link>
      }
      heading={route.heading}
      actions={
        <a href={appLinks.signUp} className="btn btn-primary">
          Get Start for Free
        </a>
      }
    >
      <p>{route.description}</p>
    </PageHeader>
  );
}
