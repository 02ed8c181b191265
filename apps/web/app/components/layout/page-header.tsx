import type { ReactNode } from "react";

/** The heading block every page opens with: an eyebrow, the h1 and an introduction. */
export function PageHeader({
  breadcrumb,
  eyebrow,
  heading,
  children,
  actions,
}: {
  /** A Breadcrumb (or other navigation) above the eyebrow. */
  breadcrumb?: ReactNode;
  eyebrow?: ReactNode;
  heading: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="border-b border-line bg-[radial-gradient(60rem_20rem_at_10%_-10%,var(--color-brand-soft),transparent)]">
      <div className="container-page py-14 sm:py-20">
        {breadcrumb}
        {eyebrow ? <p className="eyebrow mb-3">{eyebrow}</p> : null}
        <h1 className="max-w-4xl text-title font-bold text-ink">{heading}</h1>
        {children ? <div className="mt-5 max-w-3xl text-lg text-muted">{children}</div> : null}
        {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </div>
  );
}
