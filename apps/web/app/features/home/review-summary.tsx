/**
 * The rating summary: average, total and the spread per star, with where the ratings come from.
 * Ratings are asked for inside the product, so the page offers no way to add one of its own.
 */
import { MessageSquare, Star } from "lucide-react";
import { Link } from "react-router";
import { brand } from "~/brand";
import { ratingAverage, ratingBreakdown, ratingCount, ratingSource } from "~/content/reviews";

export function ReviewSummary() {
  const widest = Math.max(...ratingBreakdown.map((r) => r.count));
  return (
    <section aria-labelledby="reviews-title" className="container-page pb-20">
      <div className="card grid grid-cols-1 gap-10 p-6 sm:p-10 lg:grid-cols-[1fr_1.4fr_auto] lg:items-center">
        <div>
          <h2 id="reviews-title" className="text-2xl font-bold text-ink">
            How admins rate {brand.name}
          </h2>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="font-[family-name:var(--font-display)] text-5xl font-bold text-ink tabular-nums">
              {ratingAverage.toFixed(1)}
            </span>
            <span className="text-muted">out of 5</span>
          </p>
          <p className="mt-2 flex gap-0.5 text-accent" aria-hidden="true">
            {[1, 2, 3, 4, 5].map((n) => (
              <Star
                key={n}
                className={`size-5 ${n <= Math.round(ratingAverage) ? "fill-current" : ""}`}
              />
            ))}
          </p>
          <p className="mt-2 text-sm text-muted">
            {ratingCount} ratings. {ratingSource}.
          </p>
        </div>
        <table className="w-full text-sm">
          <caption className="sr-only">Number of ratings per star</caption>
          <tbody>
            {ratingBreakdown.map((r) => (
              <tr key={r.stars}>
                <th
                  scope="row"
                  className="w-20 py-1 pr-3 text-left font-semibold whitespace-nowrap text-ink"
                >
                  {r.stars} {r.stars === 1 ? "star" : "stars"}
                </th>
                <td className="py-1">
                  <span className="block h-2 overflow-hidden rounded-full bg-sunken">
                    <span
                      className="block h-full rounded-full bg-accent"
                      style={{ width: `${(r.count / widest) * 100}%` }}
                    />
                  </span>
                </td>
                <td className="w-12 py-1 pl-3 text-right text-muted tabular-nums">{r.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="lg:max-w-56">
          <p className="text-sm text-muted">
            Only an admin whose workspace has paid three invoices is asked, so every rating comes
            from a team that uses {brand.name}. Using it and missing something? Tell the team.
          </p>
          <Link to="/contact-us" className="btn btn-primary mt-4">
            <MessageSquare aria-hidden="true" className="size-4" />
            Tell us what to change
          </Link>
        </div>
      </div>
    </section>
  );
}
