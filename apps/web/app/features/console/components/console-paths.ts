import { consoleHome } from "./sign-in-path";

/** A conversation's screen in the console. */
export function conversationPath(id: number): string {
  return `${consoleHome}/conversations/${id}`;
}
