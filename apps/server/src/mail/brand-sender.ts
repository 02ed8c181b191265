/**
 * The brand as mail shows it. The brand facts live in one module, the web app's brand config; the
 * server reads the same module (bundled in at build) rather than repeating a name or a domain.
 */
import { brand } from "../../../web/app/brand";
import type { MailAddress } from "./outgoing-mail";

export const brandName: string = brand.name;

/** From: of every mail we send; replies to it go nowhere, which is why mails set Reply-To. */
export const noReplySender: MailAddress = {
  name: brand.name,
  address: `no-reply@${brand.domain}`,
};
