import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { notFoundCopy } from "~/content/shell";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({ path: "/404", title: notFoundCopy.title, description: notFoundCopy.description, noindex: true });

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Spec §2: the attempted path is logged.
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold text-brand-700">{notFoundCopy.heading}</h1>
      {/* Its language, not the page's, lets screen readers pronounce it so (WCAG 3.1.2). */}
      <p lang={notFoundCopy.textLang} className="text-2xl font-semibold">
        {notFoundCopy.text}
      </p>
      <p className="text-ink-700">{notFoundCopy.explanation}</p>
      <Link to="/" lang={notFoundCopy.homeLang} className={buttonClass("primary")}>
        {notFoundCopy.home}
      </Link>
    </div>
  );
}
