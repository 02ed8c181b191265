/**
 * Agent passwords: scrypt from node:crypto, stored as `scrypt$N$r$p$salt$hash` (N, r, p in decimal,
 * salt and hash base64url), so the cost can be raised later without breaking stored hashes. See
 * docs/decisions/0007-agent-passwords-and-sessions.md.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** Today's cost: 2^15 × 8 × 128 bytes = 32 MiB and roughly 50-100 ms of one core per hash. */
export const scryptParams = { N: 2 ** 15, r: 8, p: 1 } as const;

const SALT_BYTES = 16;
const KEY_BYTES = 32;

// The most a stored hash may ask for, so a damaged row cannot make one check eat the machine's memory.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
const MAX_MEMORY = 256 * 1024 * 1024;

// The rules live in the contract, so the console's forms and the server say the same thing.
export {
  agentPasswordRules as passwordRules,
  agentPasswordProblem as passwordProblem,
} from "@hourline/contracts/console";

function scryptKey(
  password: string,
  salt: Buffer,
  keyLength: number,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  // The default maxmem (32 MiB) is exactly what N = 2^15, r = 8 needs, and scrypt needs a little more.
  const options: ScryptOptions = { ...params, maxmem: 2 * 128 * params.N * params.r + 1024 * 1024 };
  // NFC: the same password typed on two keyboards (precomposed or combining accents) is one password.
  const input = password.normalize("NFC");
  return new Promise((resolve, reject) => {
    scrypt(input, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptKey(password, salt, KEY_BYTES, scryptParams);
  const { N, r, p } = scryptParams;
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

const BASE64URL = /^[\w-]+$/;

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((v) => /^[1-9]\d{0,7}$/.test(v))) return undefined;
  if (!BASE64URL.test(salt) || !BASE64URL.test(key)) return undefined;
  const parsed = {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, "base64url"),
    key: Buffer.from(key, "base64url"),
  };
  const powerOfTwo = parsed.N > 1 && (parsed.N & (parsed.N - 1)) === 0;
  if (!powerOfTwo || parsed.N > MAX_N || parsed.r > MAX_R || parsed.p > MAX_P) return undefined;
  if (128 * parsed.N * parsed.r > MAX_MEMORY) return undefined;
  if (parsed.salt.length < 8 || parsed.key.length < 16 || parsed.key.length > 64) return undefined;
  return parsed;
}

/** True when the password matches the stored hash; false for a wrong password or a damaged hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) {
    // Costs what a real check costs, so a damaged row is not told apart by timing either.
    await verifyAgainstDummy(password);
    return false;
  }
  const key = await scryptKey(password, parsed.salt, parsed.key.length, parsed);
  return timingSafeEqual(key, parsed.key);
}

/** A stored hash made with other parameters than today's: rehash it at the next successful login. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.N !== scryptParams.N ||
    parsed.r !== scryptParams.r ||
    parsed.p !== scryptParams.p ||
    parsed.key.length !== KEY_BYTES
  );
}

// A random salt and a random "hash" that no password produces: one scrypt run, the same as checking a
// real agent's password, and never a match.
const dummySalt = randomBytes(SALT_BYTES);
const dummyKey = randomBytes(KEY_BYTES);

/**
 * The work of one password check against nothing: a login for an unknown e-mail calls this, so it
 * takes as long as a wrong password for a real agent. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  const key = await scryptKey(password, dummySalt, KEY_BYTES, scryptParams);
  timingSafeEqual(key, dummyKey);
  return false;
}
