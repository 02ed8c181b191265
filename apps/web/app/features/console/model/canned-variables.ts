/**
 * The variables a canned reply may hold, filled in when it is inserted: {visitor_name} and
 * {agent_name}. Filled as plain text into the editor (the reply becomes message HTML only when it
 * is sent, escaped like anything typed), so a name can never add markup. An unknown variable
 * stays as written, for the agent to see and fix.
 */
export const cannedVariables = ["visitor_name", "agent_name"] as const;
export type CannedVariable = (typeof cannedVariables)[number];

export function fillCannedVariables(body: string, values: Record<CannedVariable, string>): string {
  return body.replace(/\{(visitor_name|agent_name)\}/g, (_all, name: CannedVariable) =>
    values[name].trim(),
  );
}
