import { describe, expect, it } from "vitest";
import { contentfulPreviewHost, EnvError, parseEnv, siteOrigin } from "./env.server";

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error("expected parseEnv to fail");
}

describe("parseEnv", () => {
  it("applies the documented defaults to an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    // A demo (SITE_MODE's default) listens on the machine itself only.
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.CONTENTFUL_ENVIRONMENT).toBe("master");
    expect(env.CONTENTFUL_HOST).toBe("cdn.contentful.com");
    expect(env.CONTENTFUL_INSECURE).toBe(false);
    expect(env.CONTENT_SITE_ID).toBe("cchub");
    expect(env.EVENTS_API_URL).toBe("https://api.archieapp.co");
    expect(env.EVENTS_PUBLIC_URL).toBe("https://archieapp.co");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.CONTACT_RATE_LIMIT).toBe(5);
    expect(env.TZ_SITE).toBe("America/Chicago");
    expect(env.CONTENTFUL_SPACE_ID).toBeUndefined();
    expect(siteOrigin(env)).toBe("http://localhost:3000");
  });

  it("listens on loopback in demo mode and on every interface in production, unless HOST says otherwise", () => {
    const production = {
      SITE_MODE: "production",
      SITE_URL: "https://hub.example.org",
      CONTENTFUL_SPACE_ID: "space",
      CONTENTFUL_ACCESS_TOKEN: "token",
      EVENTS_CLIENT_ID: "id",
      EVENTS_CLIENT_SECRET: "secret",
      EVENTS_SPACE: "hub",
      BOOKING_WIDGET_URL: "https://booking.example.org",
    };
    expect(parseEnv({ SITE_MODE: "demo" }).HOST).toBe("127.0.0.1");
    expect(parseEnv(production).HOST).toBe("0.0.0.0");
    expect(parseEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(parseEnv({ ...production, HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
    expect(parseEnv({ HOST: "  " }).HOST).toBe("127.0.0.1");
  });

  it("treats blank variables as unset", () => {
    const env = parseEnv({ CONTENTFUL_SPACE_ID: "  ", PORT: "" });
    expect(env.CONTENTFUL_SPACE_ID).toBeUndefined();
    expect(env.PORT).toBe(3000);
  });

  it("names the variable that is wrong", () => {
    expect(problemsOf({ PORT: "eighty" })).toEqual(["PORT: must be a port number from 0 to 65535"]);
    expect(problemsOf({ TZ_SITE: "Mars/Olympus" })[0]).toMatch(/^TZ_SITE: must be an IANA time zone/);
    expect(problemsOf({ CONTENTFUL_INSECURE: "yes" })[0]).toMatch(/^CONTENTFUL_INSECURE: must be true or false/);
    expect(problemsOf({ GA_MEASUREMENT_ID: "UA-1234" })[0]).toMatch(/^GA_MEASUREMENT_ID: /);
  });

  it("rejects a Contentful host with a scheme, which the SDK would silently ignore", () => {
    expect(problemsOf({ CONTENTFUL_HOST: "http://127.0.0.1:4010" })[0]).toMatch(
      /^CONTENTFUL_HOST: must be a host with an optional port, without a scheme/,
    );
    expect(parseEnv({ CONTENTFUL_HOST: "127.0.0.1:4010" }).CONTENTFUL_HOST).toBe("127.0.0.1:4010");
  });

  it("requires an integration's variables together", () => {
    expect(problemsOf({ CONTENTFUL_SPACE_ID: "abc" })).toEqual([
      "CONTENTFUL_ACCESS_TOKEN: required when CONTENTFUL_SPACE_ID is set",
    ]);
    expect(problemsOf({ EVENTS_CLIENT_ID: "id", EVENTS_SPACE: "hub" })).toEqual([
      "EVENTS_CLIENT_SECRET: required when EVENTS_CLIENT_ID and EVENTS_SPACE are set",
    ]);
  });

  it("reports every problem at once", () => {
    expect(problemsOf({ PORT: "-1", SITE_URL: "not a url", EVENTS_SPACE: "hub" })).toHaveLength(4);
  });

  it("trusts only loopback proxies by default, or the hops or addresses TRUST_PROXY names", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.1, 172.16.0.0/12, ::1, loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "172.16.0.0/12",
      "::1",
      "loopback",
    ]);
    // Express's named ranges: a container behind Docker's bridge gateway, a platform's load balancers.
    expect(parseEnv({ TRUST_PROXY: "uniquelocal" }).TRUST_PROXY).toEqual(["uniquelocal"]);
    expect(parseEnv({ TRUST_PROXY: "loopback, linklocal, uniquelocal" }).TRUST_PROXY).toEqual([
      "loopback",
      "linklocal",
      "uniquelocal",
    ]);
    for (const wrong of ["true", "10.0.0.300", "10.0.0.0/33", "proxy.example"]) {
      expect(problemsOf({ TRUST_PROXY: wrong })[0]).toMatch(/^TRUST_PROXY: must be a number of proxy hops/);
    }
  });

  it("reads the lead retention in days and the form token secrets, each long enough", () => {
    expect(parseEnv({}).LEAD_RETENTION_DAYS).toBe(365);
    expect(parseEnv({}).FORM_TOKEN_SECRET).toBeUndefined();
    expect(parseEnv({ LEAD_RETENTION_DAYS: "90" }).LEAD_RETENTION_DAYS).toBe(90);
    expect(problemsOf({ LEAD_RETENTION_DAYS: "0" })).toEqual([
      "LEAD_RETENTION_DAYS: must be a whole number of days of at least 1",
    ]);
    expect(problemsOf({ LEAD_RETENTION_DAYS: "1.5" })[0]).toMatch(/^LEAD_RETENTION_DAYS: /);
    const [newer, older] = ["n".repeat(32), "o".repeat(24)];
    expect(parseEnv({ FORM_TOKEN_SECRET: ` ${newer}  ${older} ` }).FORM_TOKEN_SECRET).toEqual([newer, older]);
    expect(problemsOf({ FORM_TOKEN_SECRET: `${newer} short` })[0]).toMatch(
      /^FORM_TOKEN_SECRET: each secret .* at least 24 characters/,
    );
  });

  it("strips a trailing slash from SITE_URL", () => {
    expect(siteOrigin(parseEnv({ SITE_URL: "https://hub.example/" }))).toBe("https://hub.example");
  });

  it("is demo mode unless told otherwise, with the lead alert after 15 minutes", () => {
    const env = parseEnv({});
    expect(env.SITE_MODE).toBe("demo");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.LEAD_ALERT_AFTER).toBe(15 * 60_000);
    expect(parseEnv({ LEAD_ALERT_AFTER: "90s" }).LEAD_ALERT_AFTER).toBe(90_000);
    expect(parseEnv({ LEAD_ALERT_AFTER: "2h" }).LEAD_ALERT_AFTER).toBe(7_200_000);
    expect(problemsOf({ LEAD_ALERT_AFTER: "soon" })[0]).toMatch(/^LEAD_ALERT_AFTER: must be a duration/);
    expect(problemsOf({ SITE_MODE: "live" })).toEqual(["SITE_MODE: must be demo or production"]);
  });

  it("accepts only a PostgreSQL URL as DATABASE_URL", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://hub:secret@db:5432/hub" }).DATABASE_URL).toBe(
      "postgres://hub:secret@db:5432/hub",
    );
    expect(problemsOf({ DATABASE_URL: "mysql://db/hub" })[0]).toMatch(/^DATABASE_URL: must be a PostgreSQL/);
  });

  it("in production, names every integration left to a stand-in, but not the lead webhook", () => {
    const problems = problemsOf({ SITE_MODE: "production" });
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "SITE_URL",
      "CONTENTFUL_SPACE_ID",
      "CONTENTFUL_ACCESS_TOKEN",
      "EVENTS_CLIENT_ID",
      "EVENTS_CLIENT_SECRET",
      "EVENTS_SPACE",
      "BOOKING_WIDGET_URL",
    ]);
    expect(problems[0]).toContain("required when SITE_MODE=production");
  });

  it("serves the tests' reset only when TEST_RESET_ROUTE says so, and never in production", () => {
    const live = {
      SITE_MODE: "production",
      SITE_URL: "https://hub.example.org",
      CONTENTFUL_SPACE_ID: "space",
      CONTENTFUL_ACCESS_TOKEN: "token",
      EVENTS_CLIENT_ID: "id",
      EVENTS_CLIENT_SECRET: "secret",
      EVENTS_SPACE: "hub",
      BOOKING_WIDGET_URL: "https://booking.example.com",
    };
    expect(parseEnv({}).TEST_RESET_ROUTE).toBe(false);
    expect(parseEnv(live).TEST_RESET_ROUTE).toBe(false);
    expect(parseEnv({ TEST_RESET_ROUTE: "true" }).TEST_RESET_ROUTE).toBe(true);
    expect(problemsOf({ TEST_RESET_ROUTE: "yes" })).toEqual(["TEST_RESET_ROUTE: must be true or false"]);
    expect(problemsOf({ ...live, TEST_RESET_ROUTE: "true" })).toEqual([
      "TEST_RESET_ROUTE: the end-to-end tests' reset; never set when SITE_MODE=production",
    ]);
  });

  it("in production, refuses a plain-http lead webhook outside loopback", () => {
    const live = {
      SITE_MODE: "production",
      SITE_URL: "https://hub.example.org",
      CONTENTFUL_SPACE_ID: "space",
      CONTENTFUL_ACCESS_TOKEN: "token",
      EVENTS_CLIENT_ID: "id",
      EVENTS_CLIENT_SECRET: "secret",
      EVENTS_SPACE: "hub",
      BOOKING_WIDGET_URL: "https://booking.example.com",
    };
    expect(parseEnv(live).LEAD_WEBHOOK_URL).toBeUndefined();
    expect(problemsOf({ ...live, LEAD_WEBHOOK_URL: "http://hooks.example.com/lead" })).toEqual([
      "LEAD_WEBHOOK_URL: must be an https URL when SITE_MODE=production (leads carry personal data)",
    ]);
    expect(parseEnv({ ...live, LEAD_WEBHOOK_URL: "http://127.0.0.1:9000/lead" }).LEAD_WEBHOOK_URL).toBe(
      "http://127.0.0.1:9000/lead",
    );
    expect(parseEnv({ LEAD_WEBHOOK_URL: "http://hooks.example.com/lead" }).LEAD_WEBHOOK_URL).toBeDefined();
  });

  it("takes editors' settings: a preview token with its space, and a long webhook secret", () => {
    const env = parseEnv({
      CONTENTFUL_SPACE_ID: "space1",
      CONTENTFUL_ACCESS_TOKEN: "delivery",
      CONTENTFUL_PREVIEW_TOKEN: "preview",
      CONTENTFUL_WEBHOOK_SECRET: "0123456789abcdef0123456789abcdef",
    });
    expect(env.CONTENTFUL_PREVIEW_TOKEN).toBe("preview");
    expect(env.CONTENTFUL_WEBHOOK_SECRET).toEqual(["0123456789abcdef0123456789abcdef"]);
    expect(problemsOf({ CONTENTFUL_PREVIEW_TOKEN: "preview" })).toEqual([
      "CONTENTFUL_PREVIEW_TOKEN: only means something with CONTENTFUL_SPACE_ID set",
    ]);
    expect(problemsOf({ CONTENTFUL_WEBHOOK_SECRET: "short" })[0]).toMatch(
      /^CONTENTFUL_WEBHOOK_SECRET: must be at least 24 characters/,
    );
  });

  it("takes two publish webhook secrets during a rotation, each long enough, and no third", () => {
    const old = "0123456789abcdef0123456789abcdef";
    const next = "fedcba9876543210fedcba9876543210";
    expect(parseEnv({ CONTENTFUL_WEBHOOK_SECRET: ` ${old}   ${next} ` }).CONTENTFUL_WEBHOOK_SECRET).toEqual([
      old,
      next,
    ]);
    expect(problemsOf({ CONTENTFUL_WEBHOOK_SECRET: `${old} short` })).toEqual([
      "CONTENTFUL_WEBHOOK_SECRET: secret 2 of 2 must be at least 24 characters (a long random value, e.g. openssl rand -hex 32)",
    ]);
    expect(problemsOf({ CONTENTFUL_WEBHOOK_SECRET: `${old} ${next} ${old}x` })).toEqual([
      "CONTENTFUL_WEBHOOK_SECRET: holds 3 secrets; at most 2, space-separated: the current one and, during a rotation, the next",
    ]);
  });

  it("takes Standard Webhooks secrets for lead posts, one or several, and says what is wrong without repeating them", () => {
    const first = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const second = `whsec_${Buffer.alloc(24, 9).toString("base64")}`;
    expect(parseEnv({}).LEAD_WEBHOOK_SECRET).toBeUndefined();
    expect(parseEnv({ LEAD_WEBHOOK_SECRET: first }).LEAD_WEBHOOK_SECRET).toEqual([first]);
    expect(parseEnv({ LEAD_WEBHOOK_SECRET: `${first} ${second}` }).LEAD_WEBHOOK_SECRET).toEqual([first, second]);

    const [noPrefix] = problemsOf({ LEAD_WEBHOOK_SECRET: "not-a-standard-webhooks-secret" });
    expect(noPrefix).toMatch(/^LEAD_WEBHOOK_SECRET: must be a Standard Webhooks secret: whsec_ followed by base64/);
    expect(noPrefix).toContain("openssl rand -base64 32");
    expect(noPrefix).not.toContain("not-a-standard");

    expect(problemsOf({ LEAD_WEBHOOK_SECRET: "whsec_not*base64!" })[0]).toMatch(
      /^LEAD_WEBHOOK_SECRET: must be whsec_ followed by base64/,
    );
    expect(problemsOf({ LEAD_WEBHOOK_SECRET: `${first} whsec_${Buffer.alloc(16).toString("base64")}` })).toEqual([
      expect.stringMatching(/^LEAD_WEBHOOK_SECRET: secret 2 of 2 holds 16 bytes; use at least 24 random bytes/),
    ]);
  });

  it("names a quoted list, which an env file would pass on quotes and all", () => {
    const old = "0123456789abcdef0123456789abcdef";
    const next = "fedcba9876543210fedcba9876543210";
    expect(problemsOf({ CONTENTFUL_WEBHOOK_SECRET: `"${old} ${next}"` })).toEqual([
      "CONTENTFUL_WEBHOOK_SECRET: secret 1 of 2 starts or ends with a quotation mark: an env file keeps quotes as part of the value, so write it without them",
      "CONTENTFUL_WEBHOOK_SECRET: secret 2 of 2 starts or ends with a quotation mark: an env file keeps quotes as part of the value, so write it without them",
    ]);
  });

  it("takes metrics bearer tokens, one or several, each long and made of token characters", () => {
    const token = "3f9c1e0b7a5d4c2b1a0f9e8d7c6b5a49";
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: `${token} ${token}-next` }).METRICS_TOKEN).toEqual([token, `${token}-next`]);
    expect(problemsOf({ METRICS_TOKEN: "short" })).toEqual([
      "METRICS_TOKEN: must be at least 24 characters of letters, digits and -._~+/ (a long random value, e.g. openssl rand -hex 32)",
    ]);
    expect(problemsOf({ METRICS_TOKEN: `${token} ${token}#not-a-token-char` })[0]).toMatch(
      /^METRICS_TOKEN: token 2 of 2 must be/,
    );
  });

  it("finds the Preview API beside the Delivery API, unless told otherwise", () => {
    const host = (CONTENTFUL_HOST: string, CONTENTFUL_PREVIEW_HOST?: string) =>
      contentfulPreviewHost({ CONTENTFUL_HOST, CONTENTFUL_PREVIEW_HOST });
    expect(host("cdn.contentful.com")).toBe("preview.contentful.com");
    expect(host("cdn.eu.contentful.com")).toBe("preview.eu.contentful.com");
    expect(host("127.0.0.1:4010")).toBe("127.0.0.1:4010");
    expect(host("cdn.contentful.com", "preview.example.org")).toBe("preview.example.org");
  });
});
