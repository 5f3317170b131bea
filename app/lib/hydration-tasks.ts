/**
 * Hydration's start, cut into tasks that each stay short on a slow phone (issue 21: nothing the page
 * does at start may take 50 ms on a 4x slowed CPU). Used by `entry.client.tsx` only.
 */

/** Resolves in a later task, so that what follows runs in a task of its own. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Each chunk of `stream`, handed on in a task of its own.
 *
 * React Router decodes the server's loader data from a stream the document fills
 * (`window.__reactRouterContext.stream`) in the first render of `<HydratedRouter>`. The data is already
 * in that stream by then, so the whole decode runs in the microtasks of React's first slice of
 * hydration and makes it one task of 47-50 ms on the 4x CPU at rest (over 50 under load). Read through
 * this relay, the decode waits for the next task: React's first slice, the decode and the router's
 * creation (in the render after the decode) are three tasks.
 */
export function handOnInTasks<T>(stream: ReadableStream<T>): ReadableStream<T> {
  return stream.pipeThrough(
    new TransformStream<T, T>({
      async transform(chunk, controller) {
        await nextTask();
        controller.enqueue(chunk);
      },
    }),
  );
}

/** What this module reads of React Router's `window.__reactRouterContext`. */
export interface ReactRouterContext {
  stream?: unknown;
}

/**
 * Makes React Router read its loader data through `handOnInTasks`. The stream is React Router's own
 * (framework mode, `window.__reactRouterContext`), not a documented interface: should it change shape,
 * this leaves it alone and hydration is as it would be without it (one longer task).
 */
export function decodeLoaderDataInTasksOfTheirOwn(context: ReactRouterContext | undefined): void {
  if (context?.stream instanceof ReadableStream) context.stream = handOnInTasks(context.stream);
}
