/**
 * Where the inbox's controls send their fetchers (the team route, see team.ts): on its own, so the
 * inbox's first load can name it without the route's calls.
 */
import { consoleHome } from "../components/sign-in-path";

export const teamPath = `${consoleHome}/team`;
