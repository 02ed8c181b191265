/**
 * Pages whose bodies are still only their introduction: the heading and lead from the route table.
 * Each moves to a module of its own when it gets its full content.
 */
import { useLocation } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { metaForPath } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/page";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function IntroPage() {
  const route = requirePageRoute(useLocation().pathname);
  return (
    <PageHeader heading={route.heading}>
      <p>{route.description}</p>
    </PageHeader>
  );
}
