import { SaxesParser } from "saxes";

/**
 * Throws unless `xml` is a well-formed XML document with well-formed namespaces, as a conforming XML
 * parser (saxes, the one jsdom uses) reads it: at the first fault, with its line and column.
 */
export function assertWellFormedXml(xml: string): void {
  new SaxesParser({ xmlns: true }).write(xml).close();
}
