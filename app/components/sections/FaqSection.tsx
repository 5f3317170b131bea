import { ChevronDown } from "lucide-react";
import { useId } from "react";
import type { FaqItem } from "~/content/copy-types";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";

/**
 * Questions and answers (docs/pages.md): one open at a time; clicking the open one
 * closes it. The items are exclusive `<details name>` disclosures: keyboard operable, working without JavaScript.
 */
export function FaqSection({ title = "Frequently Asked Questions", faqs }: { title?: string; faqs: FaqItem[] }) {
  const headingId = useId();
  const group = useId();
  return (
    <section aria-labelledby={headingId} className={sectionFrame}>
      <SectionHeader id={headingId} eyebrow="FAQ" title={title} />
      <div className="mt-10 max-w-3xl divide-y divide-line rounded-2xl border border-line bg-surface">
        {faqs.map((faq) => (
          <details key={faq.question} name={group} className="group">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 text-left font-semibold text-ink hover:text-brand-700 [&::-webkit-details-marker]:hidden">
              {faq.question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-700 transition group-open:rotate-180"
              />
            </summary>
            <p className="px-6 pb-5 leading-relaxed text-muted">{faq.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
