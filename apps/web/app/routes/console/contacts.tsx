import { ContactInbox } from "~/features/console/components/contact-inbox";
import { ScreenLoading } from "~/features/console/components/screen-loading";
import {
  contactsAction,
  loadContacts,
  searchChanged,
} from "~/features/console/route-data/contacts";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/contacts";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadContacts(new URL(request.url));
export const clientAction = ({ request }: Route.ClientActionArgs) => contactsAction(request);

export const shouldRevalidate = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
  searchChanged(currentUrl, nextUrl);

export function HydrateFallback() {
  return <ScreenLoading title="Contact messages" />;
}

export default function ConsoleContacts({ loaderData }: Route.ComponentProps) {
  return <ContactInbox search={loaderData} />;
}
