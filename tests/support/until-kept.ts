/**
 * A complete render is kept once it is compressed, off the request's path
 * (docs/architecture.md#the-page-cache), so a page is answered from memory a little after its first
 * render, later on a busy machine. Asks `request` until `isKept` says its answer came from the page
 * cache, up to 40 times, 250 ms apart; returns the last answer, kept or not, for the caller to judge.
 */
export async function untilKept<Answer>(
  request: () => Promise<Answer>,
  isKept: (answer: Answer) => boolean,
): Promise<Answer> {
  let answer = await request();
  for (let attempt = 1; attempt < 40 && !isKept(answer); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    answer = await request();
  }
  return answer;
}
