import { describe, expect, it } from "vitest";
import { clientKey } from "./client-address";

describe("clientKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientKey("192.0.2.7")).toBe("192.0.2.7");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 client", () => {
    expect(clientKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("::FFFF:c000:0207")).toBe("192.0.2.7");
  });

  it("keys IPv6 by its /64, however the address is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:a:b:c:d",
      "2001:db8:1:2::1%eth0",
      "2001:db8:1:2:0:0:192.0.2.1",
    ]) {
      expect(clientKey(ip)).toBe(key);
    }
    expect(clientKey("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::")).toBe("fe80:0:0:0::/64");
  });

  it("leaves anything that is not an address unchanged", () => {
    expect(clientKey("not-an-ip")).toBe("not-an-ip");
    expect(clientKey("")).toBe("");
  });
});
