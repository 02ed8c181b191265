/** Agent password hashing: the stored format, verification, damaged rows, rehashing and the rules. */
import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  hashPassword,
  needsRehash,
  passwordProblem,
  scryptParams,
  verifyAgainstDummy,
  verifyPassword,
} from "./passwords";

const password = "correct horse battery staple";

describe("hashPassword and verifyPassword", () => {
  it("stores scrypt$N$r$p$salt$hash with a fresh 16-byte salt and a 32-byte key", async () => {
    const stored = await hashPassword(password);
    const [scheme, n, r, p, salt, key] = stored.split("$");
    expect(scheme).toBe("scrypt");
    expect([Number(n), Number(r), Number(p)]).toEqual([2 ** 15, 8, 1]);
    expect(Buffer.from(salt ?? "", "base64url")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64url")).toHaveLength(32);
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain(password);
    expect(await hashPassword(password)).not.toBe(stored);
  });

  it("accepts the password and refuses any other", async () => {
    const stored = await hashPassword(password);
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword(`${password} `, stored)).toBe(false);
    expect(await verifyPassword("Correct horse battery staple", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("treats the composed and decomposed forms of an accented password as one", async () => {
    const stored = await hashPassword("mot de passe é très long");
    expect(await verifyPassword("mot de passe e\u0301 tre\u0300s long", stored)).toBe(true);
  });

  it("verifies hashes made with other parameters, which then need a rehash", async () => {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const older = `scrypt$16384$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    expect(await verifyPassword(password, older)).toBe(true);
    expect(needsRehash(older)).toBe(true);
    expect(needsRehash(await hashPassword(password))).toBe(false);
  });

  it.each([
    ["empty", ""],
    ["another scheme", "bcrypt$2b$10$abcdefghijklmnopqrstuv"],
    ["too few parts", "scrypt$32768$8$1$c2FsdA"],
    ["N not a power of two", "scrypt$30000$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"],
    ["N beyond the cap", `scrypt$${2 ** 22}$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5`],
    ["not base64url", "scrypt$32768$8$1$sa+lt/==$key"],
  ])("refuses a damaged hash (%s) without throwing", async (_label, stored) => {
    expect(await verifyPassword(password, stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it("checks against a dummy in one scrypt run and never matches", async () => {
    expect(await verifyAgainstDummy(password)).toBe(false);
    expect(await verifyAgainstDummy("")).toBe(false);
  });

  it("uses the parameters it advertises", () => {
    expect(scryptParams).toEqual({ N: 32768, r: 8, p: 1 });
  });
});

describe("passwordProblem", () => {
  it("wants 12 to 1024 characters", () => {
    expect(passwordProblem("a".repeat(11))).toBe("The password must have at least 12 characters.");
    expect(passwordProblem("a".repeat(12))).toBeUndefined();
    expect(passwordProblem("a".repeat(1024))).toBeUndefined();
    expect(passwordProblem("a".repeat(1025))).toBe(
      "The password must have at most 1024 characters.",
    );
  });

  it("counts what a person sees, not UTF-16 units, for the minimum", () => {
    // Six emoji are 12 UTF-16 units but 6 characters.
    expect(passwordProblem("🔑".repeat(6))).toMatch(/at least 12/);
    expect(passwordProblem("🔑".repeat(12))).toBeUndefined();
  });
});
