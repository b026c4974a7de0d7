import type { ReactNode } from "react";
import { Link } from "react-router";
import { PagePart } from "~/lib/page-part";
import { site, telHref } from "~/config/site";
import { footerCompanyLinks, footerLegalLinks, footerServiceLinks } from "~/content/navigation";
import { shellCopy } from "~/content/shell";
import { Logo } from "./logo";

const linkClass = "text-ink-300 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300";

/** A column of links in a turn of its own: all the footer's links in one took up to 43 ms (decision 008). */
function Column({ turn, title, children }: { turn: string; title: string; children: ReactNode }) {
  return (
    <PagePart name={turn}>
      <div>
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
        <ul className="flex flex-col gap-2 text-sm">{children}</ul>
      </div>
    </PagePart>
  );
}

export function SiteFooter() {
  return (
    <footer className="render-when-near bg-ink-950 text-ink-300 [--near-estimate:65rem] sm:[--near-estimate:42rem] lg:[--near-estimate:29rem] xl:[--near-estimate:24rem]">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Logo /> {site.name}
          </p>
          <p className="mt-3 max-w-sm text-sm">{shellCopy.footerTagline}</p>
          <p className="mt-3 text-sm">
            {/* inline-block with padding: tap targets of at least 24 px (WCAG 2.5.8). */}
            <a className={`${linkClass} inline-block py-0.5`} href={`mailto:${site.email}`}>
              {site.email}
            </a>
            <br />
            <a className={`${linkClass} inline-block py-0.5`} href={telHref(site.phone)}>
              {site.phone}
            </a>
          </p>
          <ul className="mt-4 flex flex-wrap gap-4 text-sm" aria-label={shellCopy.footerSocial}>
            {site.social.map((s) => (
              <li key={s.label}>
                <a className={linkClass} href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                  <span className="sr-only"> {shellCopy.opensInNewTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <Column turn="footer-services" title={shellCopy.footerServices}>
          {footerServiceLinks.map((l) => (
            <li key={l.label}>
              <Link className={linkClass} to={l.href}>
                {l.label}
              </Link>
            </li>
          ))}
        </Column>
        <Column turn="footer-company" title={shellCopy.footerCompany}>
          {footerCompanyLinks.map((l) => (
            <li key={l.label}>
              {l.href ? (
                <Link className={linkClass} to={l.href}>
                  {l.label}
                </Link>
              ) : (
                <span>{l.label}</span>
              )}
            </li>
          ))}
        </Column>
        <Column turn="footer-legal" title={shellCopy.footerLegal}>
          {footerLegalLinks.map((l) => (
            <li key={l.label}>
              <Link className={linkClass} to={l.href}>
                {l.label}
              </Link>
            </li>
          ))}
        </Column>
      </div>
      {/* Room to scroll the last line clear of the floating buttons, which reach it below 1280 px. */}
      <div className="border-t border-white/10 pt-6 pb-24 text-center text-sm xl:pb-6">
        © {site.copyrightYear} {site.name}. {shellCopy.rights}
      </div>
    </footer>
  );
}
