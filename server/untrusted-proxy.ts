import { BlockList, isIPv4 } from "node:net";

/**
 * Express's named ranges for `trust proxy` (TRUST_PROXY accepts them), with what each one covers.
 * They are checked in this order; the first that holds the address is offered as the wider fix.
 */
const NAMED_RANGES: { name: string; covers: string; v4: [string, number][]; v6: [string, number][] }[] = [
  { name: "loopback", covers: "this machine", v4: [["127.0.0.0", 8]], v6: [["::1", 128]] },
  { name: "linklocal", covers: "the local link", v4: [["169.254.0.0", 16]], v6: [["fe80::", 10]] },
  {
    name: "uniquelocal",
    covers: "private networks, such as a container bridge or a platform's load balancers",
    v4: [
      ["10.0.0.0", 8],
      ["172.16.0.0", 12],
      ["192.168.0.0", 16],
    ],
    v6: [["fc00::", 7]],
  },
];

const ranges = NAMED_RANGES.map(({ name, covers, v4, v6 }) => {
  const list = new BlockList();
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, "ipv4");
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, "ipv6");
  return { name, covers, list };
});

/** An IPv4 peer on a dual-stack socket shows as `::ffff:a.b.c.d`; TRUST_PROXY takes it as `a.b.c.d`. */
function plainAddress(peer: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer);
  return mapped ? mapped[1]! : peer;
}

/** The TRUST_PROXY value that would name this peer's address range, if it is in one of Express's. */
export function namedRangeOf(peer: string): { name: string; covers: string } | null {
  const address = plainAddress(peer);
  const family = isIPv4(address) ? "ipv4" : "ipv6";
  for (const { name, covers, list } of ranges) {
    try {
      if (list.check(address, family)) return { name, covers };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The one-time warning for a request that arrived with X-Forwarded-For from a peer TRUST_PROXY does
 * not trust: every visitor behind that proxy then shares one rate limit. It names the values that
 * would fix it: the peer's own address, and the named range that holds it.
 */
export function untrustedProxyWarning(peer: string): string {
  const address = plainAddress(peer);
  const range = namedRangeOf(address);
  const fix = range
    ? `set TRUST_PROXY=${address} (or TRUST_PROXY=${range.name}, which trusts every proxy on ${range.covers})`
    : `set TRUST_PROXY=${address}`;
  return `A request came through a proxy at ${address} with X-Forwarded-For, but TRUST_PROXY does not trust it, so every visitor behind it shares one rate limit. If that proxy is yours, ${fix}; see docs/deploy.md. (Said once.)`;
}
