// The SMTP sink of the browser tests: a real SMTP server (smtp-server, as in the server's tests)
// that writes every mail it receives to MAIL_DIR as one JSON file ({to, raw}), so tests in any
// worker read the one-time code the way a person would, from the mail.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.SMTP_SINK_PORT);
const dir = process.env.MAIL_DIR;
if (!port || !dir) throw new Error("SMTP_SINK_PORT and MAIL_DIR are required");
mkdirSync(dir, { recursive: true });

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: no STARTTLS, whose self-signed certificate the client would refuse.
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const file = join(dir, `${Date.now()}-${String(++received).padStart(5, "0")}.json`);
      const mail = {
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString("utf8"),
      };
      // Written whole, then renamed: a reader never sees half a mail.
      writeFileSync(`${file}.tmp`, JSON.stringify(mail));
      renameSync(`${file}.tmp`, file);
      callback();
    });
  },
});
server.on("error", (err) => console.error("smtp sink:", err.message));
server.listen(port, "127.0.0.1", () => console.log(`smtp sink on ${port}, mail in ${dir}`));

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
