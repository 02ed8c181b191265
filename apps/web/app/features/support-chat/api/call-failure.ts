/** What the chat says when a call fails for a reason the visitor cannot fix in the form. */
export { callFailureWords as failureMessage } from "./error-words";
