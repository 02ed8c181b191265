import { ContactInbox } from "~/features/console/components/contact-inbox";

export default function ConsoleContacts() {
  return <ContactInbox />;
}
