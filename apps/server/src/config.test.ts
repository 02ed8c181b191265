import { describe, expect, it } from "vitest";
import { ConfigError, effectiveConfiguration, loadConfig } from "./config";

function problems(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("has working defaults for the embedded setup", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.supportInbox).toBe("support@hourline.example");
    expect(config.appUrl).toBe("https://app.hourline.example");
    expect(config.trustProxy).toBe(false);
  });

  it("treats blank variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " " }).port).toBe(3000);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PUBLIC_URL", "localhost:3000"],
    ["PUBLIC_URL", "ftp://example.com"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["REDIS_URL", "http://localhost"],
    ["SMTP_URL", "localhost:25"],
    ["SUPPORT_INBOX", "not-an-address"],
    ["APP_URL", "app"],
    ["TRUST_PROXY", "sometimes"],
    ["TRUST_PROXY", "true"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "300.1.1.1"],
    ["TRUST_PROXY", "10.0.0.1/8/2"],
    ["TRUST_PROXY", "2001:db8::/129"],
    ["LOG_LEVEL", "loud"],
  ])("names %s when it is %j", (variable, value) => {
    const err = problems({ [variable]: value });
    expect(err.problems.map((p) => p.variable)).toEqual([variable]);
    expect(err.message).toContain(variable);
  });

  it("never prints the value of a URL, which may hold a password", () => {
    const err = problems({ DATABASE_URL: "mysql://user:s3cret@host/db" });
    expect(err.message).not.toContain("s3cret");
  });

  it("requires SMTP_URL in production", () => {
    const err = problems({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.com" });
    expect(err.problems.map((p) => p.variable)).toEqual(["SMTP_URL"]);
    expect(
      loadConfig({
        NODE_ENV: "production",
        PUBLIC_URL: "https://www.example.com",
        SMTP_URL: "smtp://mail:25",
      }).smtpUrl,
    ).toBe("smtp://mail:25");
  });

  it("requires PUBLIC_URL in production and says why", () => {
    const err = problems({ NODE_ENV: "production", SMTP_URL: "smtp://mail:25" });
    expect(err.problems.map((p) => p.variable)).toEqual(["PUBLIC_URL"]);
    expect(err.message).toMatch(/PUBLIC_URL .*required in production/);
    expect(
      loadConfig({
        NODE_ENV: "production",
        SMTP_URL: "smtp://mail:25",
        PUBLIC_URL: "https://www.example.com/",
      }).publicUrl,
    ).toBe("https://www.example.com");
  });

  it("requires both bootstrap agent variables or neither", () => {
    expect(problems({ BOOTSTRAP_AGENT_EMAIL: "a@b.example" }).problems[0]?.variable).toBe(
      "BOOTSTRAP_AGENT_PASSWORD",
    );
    expect(
      loadConfig({
        BOOTSTRAP_AGENT_EMAIL: "a@b.example",
        BOOTSTRAP_AGENT_PASSWORD: "a-long-password",
      }).bootstrapAgent,
    ).toEqual({ email: "a@b.example", password: "a-long-password" });
  });

  it("refuses TRUST_PROXY=true and says what to set instead", () => {
    const err = problems({ TRUST_PROXY: "true" });
    expect(err.message).toContain("TRUST_PROXY must not be true");
    expect(err.message).toContain("TRUST_PROXY=1");
  });

  it("reads TRUST_PROXY as Fastify does", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1, 2001:db8::/32" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "2001:db8::/32",
    ]);
    const hops = loadConfig({ TRUST_PROXY: "2" }).trustProxy;
    expect(typeof hops === "function" && [hops("x", 0), hops("x", 1), hops("x", 2)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("strips a trailing slash from origins", () => {
    expect(loadConfig({ PUBLIC_URL: "https://hourline.example/" }).publicUrl).toBe(
      "https://hourline.example",
    );
  });

  describe("a variable that looks like ours but is not", () => {
    it.each([
      ["DATABSE_URL", "postgres://db/hourline", "DATABASE_URL"],
      ["database_url", "postgres://db/hourline", "DATABASE_URL"],
      ["REDIS_ULR", "redis://r:6379", "REDIS_URL"],
      ["PUBLIC_ULR", "https://www.example.com", "PUBLIC_URL"],
      ["SMTP_HOST", "mail.example.com", "SMTP_URL"],
      ["REDIS_PASSWORD", "x", "REDIS_URL"],
      ["PROT", "8080", "PORT"],
      ["RETENTION_DAY", "30", "RETENTION_DAYS"],
    ])("%s stops the start: did you mean %s?", (variable, value, meant) => {
      const err = problems({ [variable]: value });
      expect(err.problems.map((p) => p.variable)).toEqual([variable]);
      expect(err.message).toContain(`did you mean ${meant}`);
      // The typo's value is not printed: it may be a URL with a password.
      expect(err.message).not.toContain(value);
    });

    it("lets the variables of the system and the tools through", () => {
      const env = {
        HOME: "/root",
        PATH: "/usr/bin",
        HOSTNAME: "web1",
        NODE_OPTIONS: "--enable-source-maps",
        NODE_EXTRA_CA_CERTS: "/etc/ssl/ca.pem",
        TEST_DATABASE_URL: "postgres://x/y",
        TEST_REDIS_URL: "redis://x",
        HOURLINE_COMMIT: "abc",
        TERM: "xterm",
        PWD: "/srv",
        USER: "hourline",
        LANG: "C.UTF-8",
        CI: "1",
      };
      expect(loadConfig(env).port).toBe(3000);
    });
  });

  it("refuses REDIS_URL without DATABASE_URL: each instance would keep its own SQLite", () => {
    const err = problems({ NODE_ENV: "development", REDIS_URL: "redis://r:6379" });
    expect(err.problems.map((p) => p.variable)).toEqual(["REDIS_URL"]);
    expect(err.message).toContain("DATABASE_URL");
    expect(
      loadConfig({
        NODE_ENV: "development",
        REDIS_URL: "redis://r:6379",
        DATABASE_URL: "postgres://db/hourline",
      }).redisUrl,
    ).toBe("redis://r:6379");
  });

  it("describes the configuration in effect in one line without a secret", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "https://www.example.com",
      DATABASE_URL: "postgres://hourline:db-s3cret@db/hourline",
      REDIS_URL: "redis://:redis-s3cret@r:6379",
      SMTP_URL: "smtps://mailer:mail-s3cret@mail:465",
      METRICS_TOKEN: "metrics-s3cret-0123456789",
      BOOTSTRAP_AGENT_EMAIL: "a@b.example",
      BOOTSTRAP_AGENT_PASSWORD: "agent-s3cret-long",
    });
    const line = effectiveConfiguration(config);
    expect(line).toMatchObject({
      database: "postgresql",
      redis: "on",
      mail: "smtps",
      publicUrl: "https://www.example.com",
      metrics: "on",
    });
    expect(JSON.stringify(line)).not.toMatch(/s3cret|@b\.example/);
    expect(effectiveConfiguration(loadConfig({}))).toMatchObject({
      database: "sqlite",
      redis: "off",
      mail: "log",
    });
  });
});
