import {
  Database,
  FileCheck2,
  GraduationCap,
  KeyRound,
  LockKeyhole,
  Plug,
  Siren,
  UserRoundCheck,
  type LucideIcon,
} from "lucide-react";
import { brand } from "~/brand";
import { DocumentSectionView } from "~/components/document/document-section";
import { PageHeader } from "~/components/layout/page-header";
import { trustTopics } from "~/content/trust";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/trust-and-security";

const route = requirePageRoute("/trust&security");
export const meta = () => routeMeta(route);

export function loader() {
  return { topics: trustTopics };
}

const icons: Record<string, LucideIcon> = {
  encryption: LockKeyhole,
  access: KeyRound,
  backups: Database,
  compliance: FileCheck2,
  integrations: Plug,
  privacy: UserRoundCheck,
  "incident-response": Siren,
  training: GraduationCap,
};

export default function TrustAndSecurity({ loaderData }: Route.ComponentProps) {
  const { topics } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Trust & security" heading={route.heading}>
        <p>
          Teams keep their hours, leave, files and equipment records in {brand.name}. These are the
          safeguards that protect them, written plainly so your IT and HR leads can check them.
        </p>
      </PageHeader>

      <div className="container-page py-16">
        <nav aria-label="Topics on this page">
          <ul className="flex flex-wrap gap-2">
            {topics.map((t) => (
              <li key={t.id}>
                <a
                  href={`#${t.id}`}
                  className="inline-flex items-center rounded-full bg-surface px-3 py-1.5 text-sm font-semibold text-ink no-underline ring-1 ring-line hover:ring-brand"
                >
                  {t.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2">
          {topics.map((topic) => {
            const Icon = icons[topic.id] ?? LockKeyhole;
            return (
              <div key={topic.id} className="card p-6 sm:p-8">
                <span className="mb-4 grid size-11 place-items-center rounded-xl bg-brand-soft text-brand">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <DocumentSectionView section={topic} />
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}
