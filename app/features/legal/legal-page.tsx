import { lastUpdatedLabel, type LegalText } from "~/content/legal";
import { TodayDate } from "./today-date";

export function LegalPage({ text }: { text: LegalText }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      {/* Smaller below sm, and long words break: 'Integritetspolicy' at 36 px is wider than a 320 px phone. */}
      <h1 className="text-3xl font-bold tracking-tight wrap-break-word sm:text-4xl">{text.title}</h1>
      <p className="mt-2 text-sm text-ink-600">
        {lastUpdatedLabel} <TodayDate />
      </p>
      <p className="mt-6 text-lg text-ink-800">{text.intro}</p>
      {text.sections.map((s, i) => (
        <section key={s.heading} className="render-when-near mt-8 [--near-estimate:32rem] sm:[--near-estimate:18rem]">
          <h2 className="text-xl font-semibold wrap-break-word sm:text-2xl">
            {i + 1}. {s.heading}
          </h2>
          {s.list ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 text-ink-800">
              {s.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {s.paragraphs?.map((p) => (
            <p key={p} className="mt-3 text-ink-800">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
