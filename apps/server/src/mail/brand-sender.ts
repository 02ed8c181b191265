/**
 * The brand as mail shows it, from the one module of brand facts (@hourline/brand) that the site
 * reads too, rather than repeating a name or a domain.
 */
import { brandFacts as brand } from "@hourline/brand/brand-facts";
import type { MailAddress } from "./outgoing-mail";

export const brandName: string = brand.name;

/** From: of every mail we send; replies to it go nowhere, which is why mails set Reply-To. */
export const noReplySender: MailAddress = {
  name: brand.name,
  address: `no-reply@${brand.domain}`,
};
