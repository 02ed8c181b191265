/**
 * The id a message carries from the moment it is typed, so a message sent twice (after a dropped
 * connection) is stored once and shown once. 128 random bits as 22 base64url characters;
 * getRandomValues works where randomUUID does not (plain http on a LAN address).
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary)
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/={1,2}$/, "");
}
