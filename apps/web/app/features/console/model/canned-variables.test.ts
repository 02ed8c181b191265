import { describe, expect, it } from "vitest";
import { fillCannedVariables } from "./canned-variables";

describe("fillCannedVariables", () => {
  const values = { visitor_name: "Asha Rao", agent_name: "Ana Lima" };

  it("fills every occurrence of both variables", () => {
    expect(
      fillCannedVariables("Hi {visitor_name}, {agent_name} here. Bye {visitor_name}!", values),
    ).toBe("Hi Asha Rao, Ana Lima here. Bye Asha Rao!");
  });

  it("leaves unknown or malformed variables as written", () => {
    expect(fillCannedVariables("{visitor} {Visitor_Name} {agent_name", values)).toBe(
      "{visitor} {Visitor_Name} {agent_name",
    );
  });

  it("puts a hostile name in as text, never re-reading it as a variable", () => {
    const hostile = { visitor_name: "<img src=x onerror=alert(1)> {agent_name}", agent_name: "$&" };
    expect(fillCannedVariables("Hi {visitor_name} from {agent_name}", hostile)).toBe(
      "Hi <img src=x onerror=alert(1)> {agent_name} from $&",
    );
  });
});
