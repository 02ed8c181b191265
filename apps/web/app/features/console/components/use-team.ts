/**
 * The team by name with each one's availability, loaded by a fetcher from the team route's loader.
 * Every control that lists the team shares the one fetcher (by key): a second one mounted while
 * the list is there does not ask again; the list is loaded again after each team submission.
 */
import type { TeamMember } from "@hourline/contracts/console-team";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loadTeam } from "../route-data/team";
import { teamPath } from "../route-data/team-path";

export function useTeam(): TeamMember[] {
  const fetcher = useFetcher<typeof loadTeam>({ key: "console-team" });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data === undefined) void fetcher.load(teamPath);
    // Once on mount: the fetcher is shared, and revalidation keeps it fresh afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return fetcher.data?.kind === "loaded" ? fetcher.data.data : [];
}
