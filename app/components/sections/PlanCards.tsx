import { Check } from "lucide-react";
import { useId } from "react";
import { usd } from "~/content/pricing";
import type { PlanCard } from "~/content/copy-types";
import { cn } from "~/components/cn";
import { ButtonLink } from "../ui/Button";
import { cardClasses } from "../ui/Card";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";

/** Pricing plans: title, price and period, description, features and a button; one may be 'Most Popular'. */
export function PlanCards({
  id,
  eyebrow,
  title,
  description,
  plans,
}: {
  /** An anchor for in-page links (the home page's 'View Pricing'). */
  id?: string;
  eyebrow?: string;
  title: string;
  description?: string;
  plans: PlanCard[];
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={cn(sectionFrame, "scroll-mt-20")}>
      <SectionHeader id={headingId} eyebrow={eyebrow} title={title} description={description} align="center" />
      <ul
        className={cn(
          "stagger mx-auto mt-12 grid max-w-6xl items-stretch gap-8",
          plans.length === 2 ? "md:grid-cols-2 max-w-4xl" : "md:grid-cols-3",
        )}
      >
        {plans.map((plan) => (
          <li
            key={plan.title}
            className={cn(
              cardClasses,
              "relative flex flex-col p-8",
              plan.popular && "shadow-lg outline-2 outline-brand-700",
            )}
          >
            {plan.popular ? (
              <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-700 px-4 py-1 text-xs font-semibold uppercase tracking-wider text-white">
                Most Popular
              </p>
            ) : null}
            <h3 className="text-xl font-semibold text-ink">{plan.title}</h3>
            <p className="mt-4 flex items-baseline gap-1.5 text-ink">
              {plan.pricePrefix ? <span className="text-sm font-medium text-muted">{plan.pricePrefix}</span> : null}
              <span className="font-display text-4xl font-semibold">{usd(plan.price)}</span>
              <span className="text-muted">/{plan.period}</span>
            </p>
            <p className="mt-4 leading-relaxed text-muted">{plan.description}</p>
            <ul className="mt-6 flex-1 space-y-3">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3 text-ink/90">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <ButtonLink
              to={plan.to}
              variant={plan.popular ? "primary" : "secondary"}
              className="mt-8 w-full"
              analyticsLabel={`${plan.buttonText}: ${plan.title}`}
            >
              {plan.buttonText}
              <span className="sr-only"> ({plan.title})</span>
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
