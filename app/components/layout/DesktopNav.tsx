import { ChevronDown } from "lucide-react";
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { NavGroup } from "~/config/site";
import { cn } from "~/components/cn";
import { SmartLink } from "../ui/SmartLink";

/**
 * A menu group that opens on hover, on keyboard focus and on click, and closes with Escape. Until the
 * page is hydrated, hover and focus open it through CSS alone; a group open that way when hydration
 * arrives stays open.
 */
function DropdownGroup({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (wrapper.current?.matches(":hover, :focus-within")) setOpen(true);
  }, []);

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    event.currentTarget.querySelector("button")?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only observes hover and focus; the button is the control
    <div
      ref={wrapper}
      className="group relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(true);
      }}
      onBlur={closeWhenFocusLeaves}
      onKeyDown={closeOnEscape}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        // A pointer has already opened the group by hovering; only keyboard activation (detail 0) toggles.
        onClick={(event) => setOpen((value) => (event.detail === 0 ? !value : true))}
        className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-medium text-ink hover:text-brand-700"
      >
        {group.label}
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <div
        id={panelId}
        className={cn(
          "absolute left-1/2 top-full z-50 w-72 -translate-x-1/2 pt-2",
          open ? "block" : "hidden unhydrated:group-hover:block unhydrated:group-focus-within:block",
        )}
      >
        <ul className="rounded-2xl border border-line bg-white p-2 shadow-xl">
          {group.links.map((link) => (
            <li key={link.to}>
              <SmartLink
                to={link.to}
                onClick={() => setOpen(false)}
                className="block rounded-xl px-4 py-3 hover:bg-brand-50 focus-visible:bg-brand-50"
              >
                <span className="block text-sm font-semibold text-ink">{link.label}</span>
                {link.description ? <span className="block text-sm text-muted">{link.description}</span> : null}
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function DesktopNav({ groups }: { groups: NavGroup[] }) {
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {groups.map((group) => (
          <li key={group.label}>
            <DropdownGroup group={group} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
