import { type LucideIcon, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/components/cn";
import { site, telHref } from "~/config/site";
import { cardClasses } from "../ui/Card";

/** The hub's location, phone (`tel:`) and email (`mailto:`) cards, from the site configuration. */
export function ContactCards({ className }: { className?: string }) {
  const { contact } = site;
  return (
    <ul className={cn("grid content-start gap-4", className)}>
      <ContactCard icon={MapPin} title="Location">
        <address className="not-italic text-muted">
          {contact.street}
          <br />
          {contact.city}, {contact.state} {contact.zip}
        </address>
      </ContactCard>
      <ContactCard icon={Phone} title="Phone">
        <a href={telHref(contact.phone)} className="inline-block text-brand-700 hover:underline">
          {contact.phone}
        </a>
      </ContactCard>
      <ContactCard icon={Mail} title="Email">
        <a href={`mailto:${contact.email}`} className="inline-block break-all text-brand-700 hover:underline">
          {contact.email}
        </a>
      </ContactCard>
    </ul>
  );
}

function ContactCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className={`${cardClasses} flex gap-4 p-6`}>
      <Icon aria-hidden="true" className="size-6 shrink-0 text-accent-600" />
      <div>
        <h3 className="font-sans text-lg font-semibold text-ink">{title}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </li>
  );
}
