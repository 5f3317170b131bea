import type { RequestHandler } from "express";

/**
 * The end-to-end tests' stand-in for an injection: an inline script that reaches a page's HTML without
 * the render's nonce, as one would that came in through content or a bug. With TEST_RESET_ROUTE=true
 * only (the environment refuses that flag with SITE_MODE=production, and no other setting mounts
 * this), `POST /__test/planted-script?path=/privacy` puts `PLANTED_SCRIPT` at the end of the head of
 * every render of that address until the test reset. The script marks the document, so a test sees
 * whether it ran.
 */

/** What the planted script does: marks the document, if a policy lets it run. */
export const PLANTED_SCRIPT = `<script>document.documentElement.setAttribute("data-planted-script","ran")</script>`;

export interface ScriptPlanting {
  /** `POST /__test/planted-script?path=…`. */
  route: RequestHandler;
  /** A render of `target`, with the script planted when `target` is the planted address (HTML only). */
  alterRender(target: string, rendered: Response): Response;
  /** Plants nothing any more (the test reset). */
  clear(): void;
}

export function createScriptPlanting(): ScriptPlanting {
  const planted = new Set<string>();
  return {
    route: (request, response) => {
      const path = typeof request.query.path === "string" ? request.query.path : "";
      if (!path.startsWith("/")) {
        response.status(400).set("Cache-Control", "no-store").type("text/plain").send("?path=/… is required.");
        return;
      }
      planted.add(path);
      response.set("Cache-Control", "no-store").json({ planted: path });
    },
    alterRender(target, rendered) {
      const html = (rendered.headers.get("content-type") ?? "").startsWith("text/html");
      if (!planted.has(target) || !html || !rendered.body) return rendered;
      return new Response(rendered.body.pipeThrough(beforeHeadEnd(PLANTED_SCRIPT)), {
        status: rendered.status,
        statusText: rendered.statusText,
        headers: rendered.headers,
      });
    },
    clear: () => planted.clear(),
  };
}

/** A stream that puts `markup` before the first `</head>` of the text, and passes the rest on as it came. */
function beforeHeadEnd(markup: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  let done = false;
  const pass = (text: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    if (done) {
      if (text) controller.enqueue(encoder.encode(text));
      return;
    }
    pending += text;
    const at = pending.indexOf("</head>");
    if (at === -1) return;
    done = true;
    controller.enqueue(encoder.encode(`${pending.slice(0, at)}${markup}${pending.slice(at)}`));
    pending = "";
  };
  return new TransformStream({
    transform: (chunk, controller) => pass(decoder.decode(chunk, { stream: true }), controller),
    flush(controller) {
      pass(decoder.decode(), controller);
      if (pending) controller.enqueue(encoder.encode(pending));
    },
  });
}
