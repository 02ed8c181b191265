import { LegalDocumentPage } from "~/components/document/legal-document-page";
import { shippingPolicy } from "~/content/shipping-policy";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/shipping-and-delivery-policy";

const route = requirePageRoute("/shipping-and-delivery-policy");

export function loader() {
  return { document: shippingPolicy };
}

export const meta = () => routeMeta(route);

/** A short, single-column page: no table of contents. */
export default function ShippingPolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocumentPage
      heading={route.heading}
      document={loaderData.document}
      tableOfContents={false}
    />
  );
}
