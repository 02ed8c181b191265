import type { ReactNode } from "react";

/** The heading block that opens a page section: an eyebrow, an h2 and an optional lead. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "left",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: "left" | "center";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {eyebrow ? <p className="eyebrow mb-3">{eyebrow}</p> : null}
      <h2 id={id} className="text-title font-bold text-ink">
        {title}
      </h2>
      {children ? <div className="mt-4 text-lg text-muted">{children}</div> : null}
    </div>
  );
}
