import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** The trail above a page's heading; the last step is the current page and is not a link. */
export function Breadcrumb({ trail }: { trail: { name: string; path: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1.5 text-muted">
        {trail.map((step, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={step.path} className="flex items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="font-semibold text-ink">
                  {step.name}
                </span>
              ) : (
                <>
                  <Link to={step.path} className="text-muted hover:text-ink">
                    {step.name}
                  </Link>
                  <ChevronRight aria-hidden="true" className="size-3.5" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
