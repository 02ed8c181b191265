import type { ReactNode } from "react";

/** A text control's look, with a thicker danger border while it is invalid. */
export const inputClass =
  "mt-1.5 block w-full rounded-xl border border-muted/70 bg-surface px-4 py-3 text-ink shadow-sm " +
  "transition-colors hover:border-ink aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger";

/**
 * Ids that tie a control to its label, hint and error (aria-describedby). `scope` keeps two forms
 * on one page apart (the contact form, each console form).
 */
export function fieldIds(scope: string, name: string) {
  const id = `${scope}-${name}`;
  return { id, hint: `${id}-hint`, error: `${id}-error` };
}

export function describedBy(scope: string, name: string, hasHint: boolean, hasError: boolean) {
  const ids = fieldIds(scope, name);
  return (
    [hasHint ? ids.hint : "", hasError ? ids.error : ""].filter(Boolean).join(" ") || undefined
  );
}

/**
 * The id and ARIA attributes that tie a control to its FormField: the label, the hint (when the
 * field has one) and the error (when `invalid`, the field's error, is set).
 */
export function controlProps(
  scope: string,
  name: string,
  { hint = false, invalid }: { hint?: boolean; invalid?: unknown },
) {
  const hasError = Boolean(invalid);
  return {
    id: fieldIds(scope, name).id,
    "aria-invalid": hasError ? true : undefined,
    "aria-describedby": describedBy(scope, name, hint, hasError),
  };
}

/** A label, an optional hint, the control, and its error message when there is one. */
export function FormField({
  scope,
  name,
  label,
  hint,
  error,
  children,
}: {
  scope: string;
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  const ids = fieldIds(scope, name);
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
