import { LegalDocumentPage } from "~/components/document/legal-document-page";
import { terms } from "~/content/terms";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/terms";

const route = requirePageRoute("/terms");

// The text reaches the page as loader data, prerendered into the HTML, not as part of the bundle.
export function loader() {
  return { document: terms };
}

export const meta = () => routeMeta(route);

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage heading={route.heading} document={loaderData.document} />;
}
