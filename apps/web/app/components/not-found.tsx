import { Link } from "react-router";
import { staticPageRoutes } from "~/site";

const suggestions = ["/", "/pricing", "/features", "/blogs", "/help", "/contact-us"]
  .map((p) => staticPageRoutes.find((r) => r.path === p))
  .filter((r) => r !== undefined);

export function NotFound() {
  return (
    <section className="container-page py-24" aria-labelledby="not-found-title">
      <p className="eyebrow mb-3">Error 404</p>
      <h1 id="not-found-title" className="text-title font-bold">
        We could not find that page
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-muted">
        The link may be old, or the address may have a typo. These pages are a good place to pick up
        from:
      </p>
      <ul className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {suggestions.map((r) => (
          <li key={r.path}>
            <Link to={r.path} className="card block p-5 no-underline hover:border-brand">
              <span className="block font-semibold text-ink">
                {r.header?.label ?? r.footer?.label ?? r.title}
              </span>
              <span className="mt-1 block text-sm text-muted">{r.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
