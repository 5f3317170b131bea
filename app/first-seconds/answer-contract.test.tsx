// @vitest-environment jsdom
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ContactForm } from "~/components/sections/ContactForm";
import { GrowingList } from "~/components/ui/LoadMore";
import { VideoPlayer } from "~/components/ui/VideoPlayer";
import { ATTRIBUTES as CONTRACT } from "./contract";
import { cleanUpFirstScriptAfterEach, runFirstScript } from "./test-support";

/**
 * The contract between the first script's answers and the components (app/first-seconds/answer.tsx):
 * for each control it answers (the video tile and Load More: no native element answers them), the page the script leaves after the tap is the very markup the real
 * component renders once it has read that answer, which is what React then hydrates. React does not
 * report an attribute that differs at hydration in a production build, so only a test like this one
 * sees such a difference.
 */

cleanUpFirstScriptAfterEach();

/** The component as the server renders it, inside a router (on the server, with no answer read). */
function serverRender(page: () => ReactElement): string {
  const Stub = createRoutesStub([{ path: "/page", Component: page }]);
  return renderToString(<Stub initialEntries={["/page"]} />);
}

/** Markup as the document holds it, so that two ways of writing the same markup compare equal. */
function asDocumentHolds(markup: string): string {
  const parsed = document.createElement("body");
  parsed.innerHTML = markup;
  return parsed.innerHTML;
}

/** Markup with each element's attributes in one order: the order React writes them in does not matter to hydration. */
function attributesSorted(markup: string): string {
  const parsed = document.createElement("body");
  parsed.innerHTML = markup;
  for (const element of parsed.querySelectorAll("*")) {
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const).toSorted();
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return parsed.innerHTML;
}

/**
 * Puts the server's markup of `page` in the document, runs the first script, taps the control it
 * answers (`control`: a selector, or the only answered control), and returns the page as the script left
 * it beside the component's own render once it has read the answer.
 */
function tapBeforeHydration(page: () => ReactElement, control = `[${CONTRACT.answer}]`, answered = true) {
  delete window.firstSeconds;
  document.body.innerHTML = serverRender(page);
  runFirstScript();
  window.firstSeconds!.onHydrationRequest(() => {});
  const tapped = document.querySelector<HTMLElement>(control);
  if (!tapped) throw new Error(`No control ${control} on the page`);
  tapped.click();
  const key = tapped.getAttribute(CONTRACT.answer);
  if (answered) expect(key && window.firstSeconds!.answered([key])).toBe(key);
  const shown = document.body.innerHTML;
  // The component's first render reads the answers the first script recorded.
  const rendered = asDocumentHolds(serverRender(page));
  return { shown, rendered };
}

describe("the first script's answer is the component's answered render", () => {
  it("for a video tile: the player", () => {
    const { shown, rendered } = tapBeforeHydration(() => (
      <VideoPlayer title="The floor" video={{ kind: "file", url: "/_demo/floor.mp4", type: "video/mp4" }} />
    ));
    expect(shown).toContain("<video");
    expect(shown).toBe(rendered);
  });

  it("for Load More: the list with the next page's items, leading one page further", () => {
    const page = () => (
      <GrowingList
        items={["One", "Two"]}
        next={{ items: ["Three", "Four"], moreHref: "/list?page=3" }}
        keyOf={(item) => item}
        moreHref="/list?page=2"
        className="grid"
      >
        {(item) => <a href={`/item/${item}`}>{item}</a>}
      </GrowingList>
    );
    const { shown, rendered } = tapBeforeHydration(page);
    expect(shown).toContain("/item/Four");
    expect(shown).toContain("/list?page=3");
    expect(shown).toBe(rendered);
  });

  it("for a contact form Send refuses: the first problem shown in the page, as the hydrated form shows it", () => {
    const page = () => <ContactForm submissionId="token-for-a-test-0001" />;
    const { shown, rendered } = tapBeforeHydration(page, 'button[type="submit"]', false);
    expect(shown).toContain("Name is required.");
    expect(attributesSorted(shown)).toBe(attributesSorted(rendered));
  });
});
