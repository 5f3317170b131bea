import type { ReactNode } from "react";
import { Footer } from "./Footer";
import { Header } from "./Header";

/** The shared layout around every page, including the error pages. */
export function SiteLayout({ children, year }: { children: ReactNode; year: number }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        {children}
      </main>
      <Footer year={year} />
    </>
  );
}
