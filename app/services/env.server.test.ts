import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, siteOrigin } from "./env.server";

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
    expect(env.HOST).toBe("0.0.0.0");
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
    for (const wrong of ["true", "10.0.0.300", "10.0.0.0/33", "proxy.example"]) {
      expect(problemsOf({ TRUST_PROXY: wrong })[0]).toMatch(/^TRUST_PROXY: must be a number of proxy hops/);
    }
  });

  it("strips a trailing slash from SITE_URL", () => {
    expect(siteOrigin(parseEnv({ SITE_URL: "https://hub.example/" }))).toBe("https://hub.example");
  });
});
