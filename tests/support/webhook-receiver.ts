import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A lead webhook for tests that count posts: it records every POST as it arrives (the lead id from its
 * `Idempotency-Key`, when it arrived, when and how it was answered), the rejected ones too, and answers
 * what `answer` says for that lead. (demo/webhook.ts is the demo's receiver, which records accepted
 * posts' bodies.)
 */

/** One POST the receiver got: its lead id, when it arrived and when (and how) it was answered. */
export interface ReceivedPost {
  key: string;
  arrivedAt: number;
  answeredAt: number | null;
  status: number | null;
  /** The post's JSON body. */
  body: unknown;
}

export interface Receiver {
  url: string;
  posts: ReceivedPost[];
  /** When each lead was first accepted (answered 2xx). */
  accepted(): Map<string, number>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(answer: (key: string) => number | Promise<number>): Promise<Receiver> {
  const posts: ReceivedPost[] = [];
  const server = http.createServer((request, response) => {
    const post: ReceivedPost = {
      key: String(request.headers["idempotency-key"] ?? ""),
      arrivedAt: Date.now(),
      answeredAt: null,
      status: null,
      body: null,
    };
    posts.push(post);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      try {
        post.body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        post.body = Buffer.concat(chunks).toString("utf8");
      }
      const status = await answer(post.key);
      Object.assign(post, { status, answeredAt: Date.now() });
      response.writeHead(status, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`,
    posts,
    accepted() {
      const accepted = new Map<string, number>();
      for (const post of posts) {
        if (post.status !== null && post.status < 300 && !accepted.has(post.key))
          accepted.set(post.key, post.answeredAt!);
      }
      return accepted;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
