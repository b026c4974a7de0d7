import { Menu, X } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { PagePart } from "~/lib/page-part";
import { focusWasDropped } from "~/components/ui/use-refocus-after-busy";
import { site } from "~/config/site";
import { headerLinks } from "~/content/navigation";
import { shellCopy } from "~/content/shell";
import { Logo } from "./logo";

const linkClass =
  "rounded-md px-3 py-2 text-ink-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500";

function ArticlesLink({ className }: { className: string }) {
  return (
    <a href={site.articlesUrl} target="_blank" rel="noopener noreferrer" className={className}>
      {shellCopy.articles}
      <span className="sr-only"> {shellCopy.opensInNewTab}</span>
    </a>
  );
}

export function SiteHeader() {
  const menuId = useId();
  const location = useLocation();
  // The menu remembers the location it was opened at, so any navigation (also a hash link to the
  // same page, or the back button) closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean) => setOpenAt(next ? location.key : null);

  const toggle = useRef<HTMLButtonElement>(null);

  // Layout effects: the menu answers from the moment it shows. Escape returns the focus to the
  // button; a click outside (`click`, not `pointerdown`, so nothing moves under it) leaves it be.
  useLayoutEffect(() => {
    if (!open) return;
    const menu = () => document.getElementById(menuId);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      const focusInMenu = menu()?.contains(document.activeElement);
      setOpenAt(null);
      if (focusInMenu || focusWasDropped()) toggle.current?.focus();
    };
    // A click, or a focus that Tab moved on past its last link, anywhere outside the menu and its
    // button closes it, rather than leaving it over half the screen.
    const closeIfOutside = (e: Event) => {
      const target = e.target as Node;
      if (menu()?.contains(target) || toggle.current?.contains(target)) return;
      setOpenAt(null);
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("click", closeIfOutside, true);
    document.addEventListener("focusin", closeIfOutside);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("click", closeIfOutside, true);
      document.removeEventListener("focusin", closeIfOutside);
    };
  }, [open, menuId]);

  const close = () => setOpen(false);

  return (
    // An open menu covers a toast (z-60 in toaster.tsx), not the other way round.
    <header className={cn("sticky top-0 border-b border-ink-200 bg-white/95 backdrop-blur", open ? "z-70" : "z-40")}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        {shellCopy.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to="/"
          className="flex items-center gap-2 font-bold text-ink-900"
          aria-label={`${site.name}, ${shellCopy.home}`}
        >
          <Logo />
          <span>{site.name}</span>
        </Link>
        {/* Each navigation in a turn of its own: a dozen links in one took up to 24 ms (decision 008). */}
        <PagePart name="header-nav">
          <nav aria-label={shellCopy.mainNav} className="hidden items-center gap-1 md:flex">
            {headerLinks.map((l) => (
              <Link key={l.label} to={l.href} className={linkClass}>
                {l.label}
              </Link>
            ))}
            <ArticlesLink className={linkClass} />
            <Link to="/kom-igang" className={buttonClass("primary", "sm", "ml-2")}>
              {shellCopy.getStarted}
            </Link>
          </nav>
        </PagePart>
        <button
          ref={toggle}
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink-800 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          <span className="sr-only">{open ? shellCopy.closeMenu : shellCopy.openMenu}</span>
        </button>
      </div>
      <PagePart name="mobile-menu">
        <nav
          id={menuId}
          aria-label={shellCopy.mobileNav}
          hidden={!open}
          className="border-t border-ink-200 bg-white px-4 pb-4 md:hidden"
        >
          <ul className="flex flex-col gap-1 pt-2">
            {headerLinks.map((l) => (
              <li key={l.label}>
                <Link to={l.href} className={`${linkClass} block`} onClick={close}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <ArticlesLink className={`${linkClass} block`} />
            </li>
            <li className="pt-2">
              <Link to="/kom-igang" className={buttonClass("primary", "md", "w-full")} onClick={close}>
                {shellCopy.getStarted}
              </Link>
            </li>
          </ul>
        </nav>
      </PagePart>
    </header>
  );
}
