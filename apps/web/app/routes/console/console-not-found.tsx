import { Link } from "react-router";
import { DocumentTitle } from "~/features/console/components/document-title";
import { brand } from "~/brand";

export default function ConsoleNotFound() {
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <DocumentTitle>{`Not found · ${brand.name} support`}</DocumentTitle>
      <div>
        <h1 className="text-2xl font-bold text-ink">This console page does not exist</h1>
        <p className="mt-2 text-muted">The address may be mistyped, or the page has moved.</p>
        <Link to="/console" className="btn btn-primary mt-6">
          Go to the inbox
        </Link>
      </div>
    </main>
  );
}
