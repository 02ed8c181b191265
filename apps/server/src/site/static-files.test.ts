import { describe, expect, it } from "vitest";
import { negotiateEncoding, type StaticFile } from "./static-files";

const both: StaticFile = {
  contentType: "text/html",
  etag: '"x"',
  lastModified: "",
  bodies: { identity: Buffer.from("a"), br: Buffer.from("b"), gzip: Buffer.from("g") },
};
const plain: StaticFile = { ...both, bodies: { identity: Buffer.from("a") } };

describe("content-encoding negotiation", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.0,gzip;q=0", "identity"],
    ["*", "br"],
    ["identity", "identity"],
    ["GZIP", "gzip"],
  ])("Accept-Encoding %j picks %s", (header, expected) => {
    expect(negotiateEncoding(header, both)).toBe(expected);
  });

  it("falls back to the identity body when no variant exists", () => {
    expect(negotiateEncoding("br, gzip", plain)).toBe("identity");
  });
});
