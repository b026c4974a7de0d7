import { Link } from "react-router";
import { aboutCopy } from "~/content/landing";
import { aboutStats } from "~/content/stats";

export function AboutSection() {
  return (
    <section
      id="about"
      aria-labelledby="about-heading"
      className="render-when-near mx-auto max-w-6xl px-4 py-20 [--near-estimate:56rem] sm:[--near-estimate:45rem] lg:[--near-estimate:30rem]"
    >
      <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="about-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {aboutCopy.heading}
          </h2>
          <p className="mt-4 text-lg text-ink-700">{aboutCopy.lead}</p>
          <p className="mt-4 text-ink-700">{aboutCopy.body}</p>
          <Link
            to="/om-oss"
            className="mt-6 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {aboutCopy.more}
          </Link>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {aboutStats.map((s) => (
            // Reversed column (the value reads first) packed at its top (justify-end), so every value
            // sits at the same height whatever its label wraps to.
            <div
              key={s.label}
              className="flex flex-col-reverse justify-end rounded-2xl border border-ink-200 bg-white px-4 py-6 text-center shadow-sm sm:p-6"
            >
              <dt className="mt-2 text-ink-700">{s.label}</dt>
              <dd className="bg-gradient-to-r from-brand-700 to-accent-600 bg-clip-text text-4xl leading-none font-extrabold tracking-tight text-transparent">
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
