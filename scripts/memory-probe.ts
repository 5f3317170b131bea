// Loaded into a process that `npm run bench:memory` measures (`node --import ./scripts/memory-probe.ts`):
// appends the process's memory to the file MEMORY_SAMPLES_FILE names, one JSON object a line, every
// 250 ms, on SIGUSR2 (after a full garbage collection when node runs with --expose-gc: the memory the
// process holds on to) and at exit. Without MEMORY_SAMPLES_FILE it does nothing.
import { appendFileSync } from "node:fs";
import v8 from "node:v8";

export interface MemorySample {
  at: number;
  /** `tick` (every 250 ms), `gc` (on SIGUSR2, after a collection) or `exit`. */
  label: "tick" | "gc" | "exit";
  rss: number;
  /** The most the resident set has been since the process started. */
  maxRss: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory outside V8's heap that it tracks: buffers, sharp's images in flight. */
  external: number;
  arrayBuffers: number;
  /** V8's limit for its heap (set by --max-old-space-size, else from the machine's or container's memory). */
  heapLimit: number;
  /** What V8 allocates outside its heap for itself (the compiler's working memory, among others). */
  v8Malloced: number;
}

const file = process.env.MEMORY_SAMPLES_FILE;

function sample(label: MemorySample["label"]): void {
  const memory = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const line: MemorySample = {
    at: Date.now(),
    label,
    rss: memory.rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    heapLimit: heap.heap_size_limit,
    v8Malloced: heap.malloced_memory,
  };
  appendFileSync(file!, `${JSON.stringify(line)}\n`);
}

if (file) {
  setInterval(() => sample("tick"), 250).unref();
  process.on("SIGUSR2", () => {
    (globalThis as { gc?: () => void }).gc?.();
    sample("gc");
  });
  process.on("exit", () => sample("exit"));
}
