import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PersonName } from "./person-name";

describe("PersonName", () => {
  it("isolates the name and drops the controls an old record may hold", () => {
    expect(renderToStaticMarkup(createElement(PersonName, { name: "\u202EAsha\u200B" }))).toBe(
      "<bdi>Asha</bdi>",
    );
    expect(
      renderToStaticMarkup(createElement(PersonName, { name: "نور", className: "font-semibold" })),
    ).toBe('<bdi class="font-semibold">نور</bdi>');
  });
});
