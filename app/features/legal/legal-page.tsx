import { lastUpdatedLabel, type LegalText } from "~/content/legal";
import { TodayDate } from "./today-date";

export function LegalPage({ text }: { text: LegalText }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">{text.title}</h1>
      <p className="mt-2 text-sm text-ink-600">
        {lastUpdatedLabel} <TodayDate />
      </p>
      <p className="mt-6 text-lg text-ink-800">{text.intro}</p>
      {text.sections.map((s, i) => (
        <section key={s.heading} className="render-when-near mt-8 [--near-estimate:32rem] sm:[--near-estimate:18rem]">
          <h2 className="text-2xl font-semibold">
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
