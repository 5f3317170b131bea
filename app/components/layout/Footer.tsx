import { Mail, MapPin, Phone } from "lucide-react";
import { footerMenu, site, telHref } from "~/config/site";
import { trackEvent } from "~/browser/analytics";
import { SmartLink } from "../ui/SmartLink";
import { Logo } from "./Logo";

function trackContactClick(label: string) {
  trackEvent("contact_click", { category: "contact", label });
}

export function Footer({ year }: { year: number }) {
  const { contact } = site;
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="space-y-4">
          <Logo inverted />
          <p className="max-w-sm text-sm leading-relaxed text-brand-200">{site.description}</p>
          <address className="space-y-2 text-sm not-italic">
            <p className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-300" />
              <span>
                {contact.street}, {contact.city}, {contact.state} {contact.zip}
              </span>
            </p>
            <p className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-accent-300" />
              <a
                href={telHref(contact.phone)}
                onClick={() => trackContactClick(contact.phone)}
                className="hover:text-white"
              >
                {contact.phone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-accent-300" />
              <a
                href={`mailto:${contact.email}`}
                onClick={() => trackContactClick(contact.email)}
                className="hover:text-white"
              >
                {contact.email}
              </a>
            </p>
          </address>
        </div>
        {footerMenu.map((group) => (
          <nav key={group.label} aria-label={`Footer: ${group.label}`}>
            <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-white">{group.label}</h2>
            <ul className="mt-4 space-y-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <SmartLink to={link.to} className="inline-flex min-h-10 items-center text-sm hover:text-white">
                    {link.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-brand-300 sm:px-6 lg:px-8">
          © {year} {site.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
