/**
 * The key per-IP limits count a client under. An IPv4 address is one client. An IPv6 client
 * usually holds a whole /64 (a home router or a rented server gets one and picks any address in
 * it), so counting full IPv6 addresses would give one person 2^64 fresh budgets: IPv6 is keyed by
 * its first 64 bits. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is the IPv4 client.
 */
import { isIPv4, isIPv6 } from "node:net";

/** The 8 groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.split("%", 1)[0] ?? "";
  if (!isIPv6(bare)) return undefined;
  let text = bare.toLowerCase();
  // An IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is two groups written as four bytes.
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::", 2);
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const front = parse(head);
  if (rest === undefined) return front.length === 8 ? front : undefined;
  const back = parse(rest);
  const zeros = 8 - front.length - back.length;
  return zeros < 0 ? undefined : [...front, ...new Array<number>(zeros).fill(0), ...back];
}

/** `192.0.2.1` for IPv4 (also when mapped into IPv6), `2001:db8:1:2::/64` for IPv6. */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
