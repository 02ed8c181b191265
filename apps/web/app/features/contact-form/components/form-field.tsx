import type { ReactNode } from "react";

export const inputClass =
  "mt-1.5 block w-full rounded-xl border border-muted/70 bg-surface px-4 py-3 text-ink shadow-sm " +
  "transition-colors hover:border-ink aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger";

/** Ids that tie a control to its label, hint and error (aria-describedby). */
export function fieldIds(name: string) {
  const id = `contact-${name}`;
  return { id, hint: `${id}-hint`, error: `${id}-error` };
}

export function describedBy(name: string, hasHint: boolean, hasError: boolean) {
  const ids = fieldIds(name);
  return (
    [hasHint ? ids.hint : "", hasError ? ids.error : ""].filter(Boolean).join(" ") || undefined
  );
}

/** A label, an optional hint, the control, and its error message when there is one. */
export function FormField({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  const ids = fieldIds(name);
  return (
    <div>
      <label htmlFor={ids.id} className="block font-semibold text-ink">
        {label}
      </label>
      {hint ? (
        <p id={ids.hint} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={ids.error} className="mt-1.5 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
