import { describe, expect, it } from "vitest";
import { decodeLoaderDataInTasksOfTheirOwn, handOnInTasks } from "./hydration-tasks";

function streamOf(chunks: string[], { error }: { error?: Error } = {}): ReadableStream<string> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (error) controller.error(error);
      else controller.close();
    },
  });
}

async function readAll(stream: ReadableStream<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** Lets every pending microtask (and the ones they queue) run, but not the next task. */
async function drainMicrotasks() {
  for (let turn = 0; turn < 200; turn += 1) await Promise.resolve();
}

describe("handOnInTasks", () => {
  it("hands on every chunk in order, then ends", async () => {
    expect(await readAll(handOnInTasks(streamOf(["[1,", '"a"', "]\n"])))).toEqual(["[1,", '"a"', "]\n"]);
  });

  it("hands on a chunk that is already there only in a later task", async () => {
    const reader = handOnInTasks(streamOf(["first", "second"])).getReader();
    let first: ReadableStreamReadResult<string> | undefined;
    reader.read().then((result) => {
      first = result;
    });
    await drainMicrotasks();
    expect(first).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(first).toEqual({ done: false, value: "first" });

    let second: ReadableStreamReadResult<string> | undefined;
    reader.read().then((result) => {
      second = result;
    });
    await drainMicrotasks();
    expect(second).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(second).toEqual({ done: false, value: "second" });
  });

  it("passes on an error of the stream it reads", async () => {
    const broken = new Error("the document ended mid-stream");
    await expect(readAll(handOnInTasks(streamOf(["[1,"], { error: broken })))).rejects.toBe(broken);
  });
});

describe("decodeLoaderDataInTasksOfTheirOwn", () => {
  it("puts React Router's stream behind the relay", async () => {
    const original = streamOf(["[1]\n"]);
    const context: { stream?: unknown } = { stream: original };
    decodeLoaderDataInTasksOfTheirOwn(context);
    expect(context.stream).toBeInstanceOf(ReadableStream);
    expect(context.stream).not.toBe(original);
    expect(await readAll(context.stream as ReadableStream<string>)).toEqual(["[1]\n"]);
  });

  it("leaves a context without a stream as it is", () => {
    const context: { stream?: unknown } = { stream: "not a stream" };
    decodeLoaderDataInTasksOfTheirOwn(context);
    expect(context.stream).toBe("not a stream");
    expect(() => decodeLoaderDataInTasksOfTheirOwn(undefined)).not.toThrow();
    const empty: { stream?: unknown } = {};
    decodeLoaderDataInTasksOfTheirOwn(empty);
    expect(empty).toEqual({});
  });
});
