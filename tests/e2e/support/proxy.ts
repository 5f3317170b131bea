import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A reverse proxy in front of a site, as a load balancer or CDN stands in front of it in production,
 * for the answers only such a setup gives a visitor: a 502 when the site behind it is down, or the
 * site's own 403 when the proxy does not pass the visitor's Host on.
 */
export interface TestProxy {
  url: string;
  /** Where requests go; point it at a closed port and the proxy answers 502, as a real one does. */
  upstream: string;
  close(): Promise<void>;
}

export async function startProxy(
  upstream: string,
  { passHost = true }: { passHost?: boolean } = {},
): Promise<TestProxy> {
  const proxy: TestProxy = { url: "", upstream, close: async () => {} };
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? "/", proxy.upstream);
    const headers = { ...request.headers, host: passHost ? request.headers.host : target.host };
    const forwarded = http.request(target, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on("error", () => {
      if (response.headersSent) return void response.destroy();
      response.writeHead(502, { "Content-Type": "text/html" });
      response.end("<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>");
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

/** An address nothing listens on (a port taken and given back at once). */
export async function closedAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
