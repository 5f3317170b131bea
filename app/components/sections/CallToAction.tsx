import { useId } from "react";
import { ButtonLink } from "../ui/Button";

export interface CallToActionProps {
  title: string;
  description: string;
  actions: { label: string; to: string }[];
}

/** A closing band inviting the visitor to the next step; the first action is the primary one. */
export function CallToAction({ title, description, actions }: CallToActionProps) {
  const headingId = useId();
  return (
    <section className="px-4 py-16 sm:px-6 lg:px-8" aria-labelledby={headingId}>
      <div className="mx-auto max-w-5xl rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
        <h2 id={headingId} className="text-3xl font-semibold sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{description}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {actions.map((action, index) => (
            <ButtonLink
              key={action.to + action.label}
              to={action.to}
              size="lg"
              variant={index === 0 ? "primary" : "light"}
            >
              {action.label}
            </ButtonLink>
          ))}
        </div>
      </div>
    </section>
  );
}
