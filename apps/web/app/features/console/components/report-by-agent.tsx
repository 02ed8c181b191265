/**
 * The report's figures per agent: conversations answered, first response and resolution medians,
 * and the visitors' average rating.
 */
import type { ReportAnswer } from "@hourline/contracts/support-reports";
import { formatDuration } from "../model/report-periods";

export function ReportByAgent({ agents }: { agents: ReportAnswer["by_agent"] }) {
  return (
    <section aria-labelledby="agents-title" className="card overflow-x-auto p-5">
      <h2 id="agents-title" className="text-lg font-bold text-ink">
        By agent
      </h2>
      {agents.length === 0 ? (
        <p className="mt-2 text-muted">No agent answered a conversation in this period.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-2 pr-4">
                Agent
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Conversations
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                First response, median
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Resolution, median
              </th>
              <th scope="col" className="py-2 text-right">
                Satisfaction
              </th>
            </tr>
          </thead>
          <tbody>
            {agents.map((a) => (
              <tr key={a.agent_id} className="border-t border-line">
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {a.name}
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{a.conversations}</td>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {formatDuration(a.first_response_seconds.median)}
                </td>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {formatDuration(a.resolution_seconds.median)}
                </td>
                <td className="py-2 text-right tabular-nums">
                  {a.csat.average === null
                    ? "–"
                    : `${a.csat.average.toFixed(2)} (${a.csat.responses})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
