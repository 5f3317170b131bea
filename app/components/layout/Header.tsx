import { Link } from "react-router";
import { mainMenu, site } from "~/config/site";
import { ButtonLink } from "../ui/Button";
import { SmartLink } from "../ui/SmartLink";
import { DesktopNav } from "./DesktopNav";
import { Logo } from "./Logo";
import { MobileMenu } from "./MobileMenu";

export function Header() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-lg" aria-label={`${site.name} home`}>
          <Logo />
        </Link>
        <DesktopNav groups={mainMenu} />
        <div className="flex items-center gap-2">
          {/* Sign In counts as a button: its clicks are recorded like one. */}
          <SmartLink
            to={site.memberPortalUrl}
            data-analytics=""
            className="hidden min-h-11 items-center rounded-full px-3 text-sm font-medium text-ink hover:text-brand-700 lg:inline-flex"
          >
            Sign In
          </SmartLink>
          <ButtonLink to="/tour" className="max-sm:hidden">
            Book Tour
          </ButtonLink>
          <MobileMenu groups={mainMenu} />
        </div>
      </div>
    </header>
  );
}
