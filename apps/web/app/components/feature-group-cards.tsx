import { Link } from "react-router";
import { featureGroups, featuresInGroup } from "~/site";

/** One card per feature group, linking each of its feature pages (home, about us). */
export function FeatureGroupCards({
  idPrefix,
  withSummary = false,
  className = "",
}: {
  idPrefix: string;
  withSummary?: boolean;
  className?: string;
}) {
  return (
    <div className={`grid grid-cols-1 gap-6 sm:grid-cols-2 ${className}`}>
      {featureGroups.map((g) => (
        <section key={g.id} aria-labelledby={`${idPrefix}-${g.id}`} className="card p-6">
          <h3 id={`${idPrefix}-${g.id}`} className="text-lg font-bold text-ink">
            {g.label}
          </h3>
          {withSummary ? <p className="mt-2 text-sm text-muted">{g.summary}</p> : null}
          <ul className="mt-4 space-y-1.5 text-sm">
            {featuresInGroup(g.id).map((r) => (
              <li key={r.path}>
                <Link to={r.path} className="font-semibold text-brand">
                  {r.feature?.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
