// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FirstSeconds } from "./contract";
import { contractProps, useAnsweredBeforeHydration } from "./answer";
import { ATTRIBUTES as CONTRACT } from "./contract";

function Probe({ keys }: { keys: string[] }) {
  const answered = useAnsweredBeforeHydration(keys);
  return <p>{answered ?? "none"}</p>;
}

/** The first script's methods, as they are once it answered `keys`. */
function firstScriptAnswered(...keys: string[]): void {
  let answered = keys;
  window.firstSeconds = {
    answered: (wanted: readonly string[]) => wanted.find((key) => answered.includes(key)) ?? null,
    forgetAnswers: (forgotten: readonly string[]) => {
      answered = answered.filter((key) => !forgotten.includes(key));
    },
    refusal: () => null,
  } as unknown as FirstSeconds;
}

afterEach(() => {
  cleanup();
  delete window.firstSeconds;
});

describe("a tap the first script answered, as the component first renders", () => {
  it("is the answered one of the component's keys, and is forgotten once the component is on the page", () => {
    firstScriptAnswered("other", "b:half");
    render(<Probe keys={["b:full", "b:half"]} />);
    expect(screen.getByText("b:half")).toBeTruthy();
    expect(window.firstSeconds?.answered(["other", "b:half", "k"])).toBe("other");
    // A component mounted later (a navigation back to the page) starts as the page does.
    cleanup();
    render(<Probe keys={["b:full", "b:half"]} />);
    expect(screen.getByText("none")).toBeTruthy();
  });

  it("is none without the first script, or when none of its keys was answered", () => {
    render(<Probe keys={["k"]} />);
    expect(screen.getByText("none")).toBeTruthy();
    cleanup();
    firstScriptAnswered("other");
    render(<Probe keys={["k"]} />);
    expect(screen.getByText("none")).toBeTruthy();
    expect(window.firstSeconds?.answered(["other", "b:half", "k"])).toBe("other");
  });
});

describe("the contract's names", () => {
  it("are the ones the stylesheet's busy ring reads", () => {
    const css = readFileSync(path.join(import.meta.dirname, "../app.css"), "utf8");
    expect(css).toContain(`[${CONTRACT.hold}][aria-busy="true"]`);
  });

  it("are what a component's props spell", () => {
    expect(contractProps.held("https://calendar.example/a")).toEqual({
      [CONTRACT.hold]: "",
      [CONTRACT.fallbackHref]: "https://calendar.example/a",
    });
    expect(contractProps.answered("k")).toEqual({ [CONTRACT.answer]: "k" });
    expect(contractProps.answered(undefined)).toEqual({});
  });
});
