import { NotFound } from "~/components/not-found";
import { notFoundMeta } from "~/seo";

export const meta = () => notFoundMeta();

export default function NotFoundRoute() {
  return <NotFound />;
}
