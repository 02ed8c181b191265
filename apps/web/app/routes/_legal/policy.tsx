import { LegalDocumentPage } from "~/components/document/legal-document-page";
import { privacyPolicy } from "~/content/privacy";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/policy";

const route = requirePageRoute("/policy");

// The text reaches the page as loader data, prerendered into the HTML, not as part of the bundle.
export function loader() {
  return { document: privacyPolicy };
}

export const meta = () => routeMeta(route);

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage heading={route.heading} document={loaderData.document} />;
}
