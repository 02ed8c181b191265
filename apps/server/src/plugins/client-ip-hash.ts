/**
 * `app.hashIp(ip)`: the HMAC of a client's key (its IPv4 address, or its IPv6 /64; see
 * auth/client-address.ts) with the installation's secret. Per-IP limits that live in the database
 * (codes, contact messages) count by it, so no IP address is stored, and the hash cannot be
 * reversed by trying every IPv4 address. The secret is made once and shared by every instance.
 */
import { createHmac, randomBytes } from "node:crypto";
import fp from "fastify-plugin";
import { clientKey } from "../auth/client-address";
import { getOrCreateSetting } from "../repositories/app-settings";

declare module "fastify" {
  interface FastifyInstance {
    hashIp(ip: string): string;
  }
}

const IP_HASH_SECRET = "contact.ip_hash_secret";

export default fp(
  async (app) => {
    const secret = await getOrCreateSetting(app.database.db, IP_HASH_SECRET, () =>
      randomBytes(32).toString("base64url"),
    );
    app.decorate("hashIp", (ip: string) =>
      createHmac("sha256", secret).update(clientKey(ip)).digest("hex"),
    );
  },
  { name: "client-ip-hash", dependencies: ["db"] },
);
