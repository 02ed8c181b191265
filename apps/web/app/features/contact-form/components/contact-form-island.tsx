/**
 * The contact form's inline validation as an island: React takes over the prerendered form in
 * place (hydration keeps the elements, so focus stays where it is) and keeps whatever the visitor
 * typed before it arrived. Imported by the enhancement script when the form nears the viewport
 * (app/enhance/contact-form.ts); until then, and if it never arrives, the form posts as plain HTML.
 */
import { hydrateRoot } from "react-dom/client";
import type { ContactFormInput } from "../api/send-contact-message";
import { ContactForm } from "./contact-form";

function typedValues(container: HTMLElement): ContactFormInput {
  const form = container.querySelector("form");
  const data = form ? new FormData(form) : new FormData();
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    phone_numbers: text("phone_numbers"),
    message: text("message"),
    website: text("website"),
  };
}

export function hydrateContactForm(container: HTMLElement) {
  hydrateRoot(container, <ContactForm initialValues={typedValues(container)} />);
}
