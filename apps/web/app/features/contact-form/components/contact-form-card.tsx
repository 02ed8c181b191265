import { ContactForm } from "./contact-form";

/** The form with its heading, as a card a page can place in its layout. */
export function ContactFormCard({ className = "" }: { className?: string }) {
  return (
    <section aria-labelledby="contact-form-title" className={`card p-6 sm:p-8 ${className}`}>
      <h2 id="contact-form-title" className="text-2xl font-bold text-ink">
        Send us a message
      </h2>
      <p className="mt-2 mb-6 text-muted">
        Questions about a module, a demo for your team, or help with an invoice: write to us and a
        person from the team answers by e-mail during working hours.
      </p>
      {/* The island the enhancement script hydrates as the form nears the viewport. */}
      <div data-island="contact-form">
        <ContactForm />
      </div>
    </section>
  );
}
