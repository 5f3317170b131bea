import { describe, expect, it } from "vitest";
import { namedRangeOf, untrustedProxyWarning } from "./untrusted-proxy.ts";

describe("untrustedProxyWarning", () => {
  it("names Docker's bridge gateway and the private-network range that holds it", () => {
    const warning = untrustedProxyWarning("172.17.0.1");
    expect(warning).toContain("A request came through a proxy at 172.17.0.1 with X-Forwarded-For");
    expect(warning).toContain("TRUST_PROXY does not trust it");
    expect(warning).toContain("set TRUST_PROXY=172.17.0.1 (or TRUST_PROXY=uniquelocal,");
  });

  it("writes an IPv4 peer of a dual-stack socket as TRUST_PROXY takes it", () => {
    expect(untrustedProxyWarning("::ffff:10.0.3.7")).toContain("set TRUST_PROXY=10.0.3.7 (or TRUST_PROXY=uniquelocal,");
  });

  it("offers only the address for a public one", () => {
    const warning = untrustedProxyWarning("203.0.113.9");
    expect(warning).toContain("set TRUST_PROXY=203.0.113.9;");
    expect(warning).not.toContain("uniquelocal");
  });
});

describe("namedRangeOf", () => {
  it("finds Express's named ranges for IPv4 and IPv6 addresses", () => {
    expect(namedRangeOf("127.0.0.1")?.name).toBe("loopback");
    expect(namedRangeOf("::1")?.name).toBe("loopback");
    expect(namedRangeOf("169.254.1.1")?.name).toBe("linklocal");
    expect(namedRangeOf("fe80::1")?.name).toBe("linklocal");
    for (const address of ["10.1.2.3", "172.31.255.1", "192.168.1.10", "fd12::4"]) {
      expect(namedRangeOf(address)?.name, address).toBe("uniquelocal");
    }
    for (const address of ["172.32.0.1", "8.8.8.8", "2001:db8::1", "not an address"]) {
      expect(namedRangeOf(address), address).toBeNull();
    }
  });
});
