/**
 * The contact form. Prerendered, it is a plain form that posts to the API, which answers with a
 * page. As an island (contact-form-island.tsx, hydrated when the form nears the viewport): the
 * shared schema validates each field when it is left and the whole form on submit, errors are shown
 * inline and announced, a success clears the form and opens the thank-you dialog, and a failure
 * keeps every value and offers a retry.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  contactFields,
  contactFieldText,
  contactLimits,
  type ContactField,
} from "@hourline/contracts/contact";
import { CircleAlert, Clock } from "lucide-react";
import {
  useRef,
  useState,
  useSyncExternalStore,
  type BaseSyntheticEvent,
  type FocusEvent,
} from "react";
import { useForm } from "react-hook-form";
import {
  CONTACT_ENDPOINT,
  contactFormSchema,
  sendContactMessage,
  type ContactFormInput,
  type ContactFormOutput,
  type SendOutcome,
} from "../api/send-contact-message";
import { controlProps, fieldIds, FormField, inputClass } from "~/components/ui/form-field";
import { useOneAtATime } from "~/hooks/use-one-at-a-time";
import { ThankYouDialog } from "./thank-you-dialog";

/** The contact form's ids start with this. */
const FORM = "contact";

const emptyForm: ContactFormInput = {
  name: "",
  email: "",
  phone_numbers: "",
  message: "",
  website: "",
};

const controls: Record<
  ContactField,
  { type?: string; autoComplete: string; maxLength: number; required: boolean }
> = {
  name: { type: "text", autoComplete: "name", maxLength: contactLimits.name, required: true },
  email: { type: "email", autoComplete: "email", maxLength: contactLimits.email, required: true },
  phone_numbers: {
    type: "tel",
    autoComplete: "tel",
    maxLength: contactLimits.phone,
    required: false,
  },
  message: { autoComplete: "off", maxLength: contactLimits.message, required: true },
};

// True once React runs in the browser; false in the prerendered HTML, so the plain form keeps the
// browser's own checks (required, type=email) when JavaScript never arrives.
const subscribeNever = () => () => undefined;
function useHydrated() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** Runs `then` once the pointer that is down now is released (or the press is canceled). */
function afterPointerRelease(then: () => void) {
  const done = () => {
    window.removeEventListener("pointerup", done);
    window.removeEventListener("pointercancel", done);
    then();
  };
  window.addEventListener("pointerup", done);
  window.addEventListener("pointercancel", done);
}

type Problem = Exclude<SendOutcome, { kind: "sent" } | { kind: "invalid" }>;

export function ContactForm({
  initialValues = emptyForm,
}: {
  /** What the visitor typed before the island took over the prerendered form. */
  initialValues?: ContactFormInput;
}) {
  const hydrated = useHydrated();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [thanksOpen, setThanksOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  const form = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactFormSchema),
    mode: "onTouched",
    defaultValues: initialValues,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    getFieldState,
    formState: { errors, isSubmitting, submitCount },
  } = form;

  const send = handleSubmit(async (values) => {
    setProblem(null);
    const outcome = await sendContactMessage(values);
    switch (outcome.kind) {
      case "sent":
        reset(emptyForm);
        setAnnouncement("");
        setThanksOpen(true);
        return;
      case "invalid": {
        const first = contactFields.find((f) => outcome.fields[f]);
        for (const field of contactFields) {
          const message = outcome.fields[field];
          if (message) setError(field, { type: "server", message });
        }
        if (first) setFocus(first);
        return;
      }
      default:
        setProblem(outcome);
    }
  });

  // One submission at a time, however often Send (or Retry) is pressed.
  const sending = useOneAtATime(send);
  const submit = (event?: BaseSyntheticEvent) => void sending.run(event);

  // A field is left by pressing on something else in the form. If its error appeared at once, the
  // layout would shift between press and release and the click (on Send, say) would miss. So while
  // a pointer is down in the form, the check waits until it is released and the click is done.
  const pointerDown = useRef(false);

  // Errors that appear when a field is left are read out through one polite live region.
  function field(name: ContactField) {
    const registered = register(name);
    return {
      ...registered,
      onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const check = async () => {
          // Pressing Send left the field: the submission checks every field itself.
          if (sending.isRunning()) return;
          await registered.onBlur(event);
          const error = getFieldState(name).error?.message;
          setAnnouncement(error ? `${contactFieldText[name].label}: ${error}` : "");
        };
        if (!pointerDown.current) {
          void check();
          return;
        }
        afterPointerRelease(() => setTimeout(() => void check(), 0));
      },
    };
  }

  const errorList = contactFields.filter((f) => errors[f]?.message);
  const showSummary = submitCount > 0 && errorList.length > 0;

  return (
    <>
      <form
        method="post"
        action={CONTACT_ENDPOINT}
        noValidate={hydrated}
        onPointerDownCapture={() => {
          pointerDown.current = true;
          afterPointerRelease(() => {
            pointerDown.current = false;
          });
        }}
        aria-busy={isSubmitting}
        onSubmit={(event) => {
          event.preventDefault();
          submit(event);
        }}
        className="space-y-6"
      >
        {showSummary ? (
          <div
            role="alert"
            aria-labelledby="contact-summary-title"
            className="rounded-xl border-2 border-danger p-4"
          >
            <h3 id="contact-summary-title" className="flex items-center gap-2 font-bold text-ink">
              <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-danger" />
              {errorList.length === 1
                ? "One thing needs your attention"
                : `${errorList.length} things need your attention`}
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {errorList.map((f) => (
                <li key={f}>
                  <a
                    href={`#${fieldIds(FORM, f).id}`}
                    className="text-danger underline"
                    onClick={(event) => {
                      event.preventDefault();
                      setFocus(f);
                    }}
                  >
                    {errors[f]?.message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="grid gap-6 sm:grid-cols-2">
          {(["name", "email"] as const).map((name) => (
            <FormField
              scope={FORM}
              key={name}
              name={name}
              label={contactFieldText[name].label}
              hint={contactFieldText[name].hint}
              error={errors[name]?.message}
            >
              <input
                {...controlProps(FORM, name, {
                  hint: Boolean(contactFieldText[name].hint),
                  invalid: errors[name],
                })}
                {...field(name)}
                type={controls[name].type}
                autoComplete={controls[name].autoComplete}
                maxLength={controls[name].maxLength}
                required
                className={inputClass}
              />
            </FormField>
          ))}
        </div>

        <FormField
          scope={FORM}
          name="phone_numbers"
          label={contactFieldText.phone_numbers.label}
          hint={contactFieldText.phone_numbers.hint}
          error={errors.phone_numbers?.message}
        >
          <input
            {...controlProps(FORM, "phone_numbers", { hint: true, invalid: errors.phone_numbers })}
            {...field("phone_numbers")}
            type="tel"
            inputMode="tel"
            autoComplete={controls.phone_numbers.autoComplete}
            maxLength={controls.phone_numbers.maxLength}
            className={`${inputClass} sm:max-w-xs`}
          />
        </FormField>

        <FormField
          scope={FORM}
          name="message"
          label={contactFieldText.message.label}
          hint={contactFieldText.message.hint}
          error={errors.message?.message}
        >
          <textarea
            {...controlProps(FORM, "message", { hint: true, invalid: errors.message })}
            {...field("message")}
            rows={6}
            maxLength={controls.message.maxLength}
            required
            className={`${inputClass} min-h-40 resize-y`}
          />
        </FormField>

        {/* The honeypot: invisible and unreachable for people, so only bots fill it in. */}
        <div className="sr-only" aria-hidden="true">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input
            id="contact-website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            {...register("website")}
          />
        </div>

        {problem ? (
          <div
            role="alert"
            className="flex gap-3 rounded-xl border-2 border-danger bg-surface p-4"
            data-testid="contact-problem"
          >
            {problem.kind === "rate_limited" ? (
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
            ) : (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
            )}
            <div>
              <p className="font-bold text-ink">
                {problem.kind === "rate_limited"
                  ? "Please wait a little"
                  : "Your message was not sent"}
              </p>
              <p className="mt-1 text-muted">{problem.message}</p>
              {problem.kind === "failed" ? (
                <button
                  type="button"
                  className="btn btn-secondary mt-3"
                  aria-disabled={isSubmitting}
                  onClick={() => submit()}
                >
                  Retry
                </button>
              ) : null}
            </div>
          </div>
        ) : null}

        <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send message"}
        </button>

        <p aria-live="polite" className="sr-only">
          {isSubmitting ? "Sending your message…" : announcement}
        </p>
      </form>

      <ThankYouDialog
        open={thanksOpen}
        onOpenChange={setThanksOpen}
        onClosed={() => setFocus("name")}
      />
    </>
  );
}
