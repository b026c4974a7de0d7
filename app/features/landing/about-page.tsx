import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { PageHero } from "~/components/ui/page-hero";
import { aboutPage } from "~/content/about-page";

export function AboutPage() {
  return (
    <>
      <PageHero id="about-heading" eyebrow={aboutPage.eyebrow} heading={aboutPage.heading} lead={aboutPage.lead} />
      <article className="mx-auto max-w-4xl px-4 py-16">
        <section aria-labelledby="story">
          <h2 id="story" className="text-2xl font-semibold">
            {aboutPage.story.heading}
          </h2>
          {aboutPage.story.paragraphs.map((p) => (
            <p key={p} className="mt-3 text-ink-800">
              {p}
            </p>
          ))}
        </section>
        <section aria-labelledby="values" className="mt-12">
          <h2 id="values" className="text-2xl font-semibold">
            {aboutPage.values.heading}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {aboutPage.values.items.map((v) => (
              <li key={v.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold">{v.title}</h3>
                <p className="mt-2 text-ink-700">{v.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="mission"
          className="render-when-near hero-backdrop relative mt-12 overflow-hidden rounded-2xl p-6 text-white sm:p-8"
        >
          <h2 id="mission" className="text-2xl font-semibold">
            {aboutPage.mission.heading}
          </h2>
          <p className="mt-3 text-lg text-brand-100">{aboutPage.mission.text}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/kom-igang" className={buttonClass("secondary")}>
              {aboutPage.ctaStart}
            </Link>
            <Link to="/#contact" className={buttonClass("outline", "md", "text-white")}>
              {aboutPage.ctaContact}
            </Link>
          </div>
        </section>
      </article>
    </>
  );
}
