/** How long the server keeps streaming a page before it gives up on unfinished sections (React Router reads it from entry.server). */
export const streamTimeout = 5_000;
