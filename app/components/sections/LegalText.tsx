import type { LegalDocument } from "~/content/legal";
import { legalSectionAnchors } from "~/domain/legal-anchors";

/** A long legal text with a table of contents, set for comfortable reading. */
export function LegalText({ document }: { document: LegalDocument }) {
  const anchors = legalSectionAnchors(document.sections);
  const sections = document.sections.map((section, index) => ({ ...section, id: anchors[index]! }));
  const headed = sections.filter((section) => section.heading);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      {document.dateLine ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">{document.dateLine}</p>
      ) : null}
      {document.introduction ? <p className="mt-4 text-lg leading-relaxed text-ink">{document.introduction}</p> : null}
      {headed.length > 1 ? (
        <nav aria-label="Contents" className="mt-10 rounded-2xl border border-line bg-surface p-6">
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-muted">Contents</h2>
          <ol className="mt-3 grid gap-1 sm:grid-cols-2">
            {headed.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="inline-flex min-h-10 items-center text-brand-700 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={section.heading ? `${section.id}-heading` : undefined}
          className="mt-12"
        >
          {section.heading ? (
            <h2 id={`${section.id}-heading`} className="text-2xl font-semibold text-ink">
              {section.heading}
            </h2>
          ) : null}
          {section.blocks.map((block, index) =>
            "paragraph" in block ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: text in a fixed order
              <p key={index} className="mt-4 leading-relaxed text-ink/90">
                {block.paragraph}
              </p>
            ) : "subheading" in block ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: text in a fixed order
              <h3 key={index} className="mt-6 text-lg font-semibold text-ink">
                {block.subheading}
              </h3>
            ) : block.ordered ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: text in a fixed order
              <ol key={index} className="mt-4 list-decimal space-y-2 pl-6 leading-relaxed text-ink/90">
                {block.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: text in a fixed order
              <ul key={index} className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-ink/90">
                {block.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </div>
  );
}
