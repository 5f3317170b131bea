// The benches start a server and a browser of their own. Stopped from outside (Ctrl-C, `kill`), a
// script ends without its `finally` blocks, and those would keep running, holding their ports and a
// core for the next run: this stops them first.
const stoppers = new Set<() => void>();

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

for (const [signal, code] of Object.entries(EXIT_CODES)) {
  process.once(signal, () => {
    for (const stop of stoppers) {
      try {
        stop();
      } catch (error) {
        console.error(`Could not stop a process on ${signal}:`, error);
      }
    }
    process.exit(code);
  });
}

/**
 * Calls `stop` if this process is interrupted or terminated, before it exits with the signal's usual
 * code. Returns a function that forgets it, for when what it stops has ended otherwise.
 */
export function stopWithProcess(stop: () => void): () => void {
  stoppers.add(stop);
  return () => stoppers.delete(stop);
}
