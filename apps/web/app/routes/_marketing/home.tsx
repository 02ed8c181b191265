import { PageHeader } from "~/components/layout/page-header";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/");
export const meta = () => routeMeta(route);

export default function Page() {
  return (
    <PageHeader heading={route.heading}>
      <p>{route.description}</p>
    </PageHeader>
  );
}
