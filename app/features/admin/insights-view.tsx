import { lazy, Suspense, useEffect, useState } from "react";
import { adminCopy as copy } from "~/content/admin";
import { Link } from "react-router";
import { adminApi, type Counters, type Insights } from "./admin-api";
import { messagePath } from "./admin-paths";
import { ClearQuestions } from "./clear-questions";
import { formatTime } from "./format";
import { ScrollBox } from "./scroll-box";
import { Unavailable } from "./unavailable";
import type { AdminViewProps } from "./view-props";

/** uPlot comes with the chart only, when this view shows (decision 023). */
const DailyChart = lazy(() => import("./daily-chart"));

export const COUNTER_KEYS = ["opened", "asked", "site", "ai", "none", "lead"] as const;

/** What visitors ask: counts per day and page over 30 days, and the questions Emma could not answer. */
export function InsightsView({ onFailure }: AdminViewProps) {
  const [data, setData] = useState<Insights | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void adminApi.insights().then((result) => {
      if (!live) return;
      setUnavailable(!result.ok && result.error === "unavailable");
      if (result.ok) setData(result.data);
      else onFailure(result);
    });
    return () => {
      live = false;
    };
  }, [attempt, onFailure]);

  if (unavailable) return <Unavailable onRetry={() => setAttempt((n) => n + 1)} />;
  if (!data) return <p>{copy.loading}</p>;
  const totals = Object.fromEntries(
    COUNTER_KEYS.map((k) => [k, data.days.reduce((sum, d) => sum + d[k], 0)]),
  ) as Counters;

  return (
    <div className="adm-stack">
      <section aria-labelledby="adm-unanswered-heading" className="adm-stack">
        <h2 id="adm-unanswered-heading" className="adm-h2">
          {copy.insights.unansweredHeading}
        </h2>
        <p className="adm-muted">{copy.insights.unansweredIntro}</p>
        {data.unanswered.length === 0 ? (
          <p>{copy.insights.unansweredEmpty}</p>
        ) : (
          <ScrollBox label={copy.insights.unansweredTable}>
            <table className="adm-table" id="adm-unanswered">
              <caption className="sr-only">{copy.insights.unansweredHeading}</caption>
              <thead>
                <tr>
                  <th scope="col">{copy.insights.question}</th>
                  <th scope="col">{copy.insights.count}</th>
                  <th scope="col">{copy.insights.lastAsked}</th>
                  <th scope="col">{copy.insights.sources}</th>
                  <th scope="col">{copy.insights.conversation}</th>
                </tr>
              </thead>
              <tbody>
                {data.unanswered.map((q) => (
                  <tr key={q.key}>
                    <td>{q.text}</td>
                    <td>{q.count}</td>
                    <td>{formatTime(q.lastAsked)}</td>
                    <td>{q.sources.map((s) => copy.insights.sourceNames[s] ?? s).join(", ")}</td>
                    <td>
                      {q.conversationId ? (
                        <Link className="adm-link" to={messagePath(q.conversationId)}>
                          {copy.insights.openConversation}
                        </Link>
                      ) : (
                        "–"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
        <ClearQuestions
          hasQuestions={data.unanswered.length > 0}
          onCleared={() => setAttempt((n) => n + 1)}
          onFailure={onFailure}
        />
      </section>

      <section aria-labelledby="adm-insights-heading" className="adm-stack">
        <h2 id="adm-insights-heading" className="adm-h2">
          {copy.insights.heading}
        </h2>
        <p className="adm-muted">{copy.insights.intro}</p>
        <CounterTable
          caption={copy.insights.totals}
          first={copy.insights.totals}
          rows={[{ label: copy.insights.totals, counts: totals }]}
        />
        <Suspense fallback={<div className="adm-chart" />}>
          <DailyChart days={data.days} label={copy.insights.chartLabel} names={copy.insights.counters} />
        </Suspense>
        <CounterTable
          caption={copy.insights.pagesCaption}
          first={copy.insights.page}
          rows={data.pages.map((p) => ({ label: p.page, counts: p }))}
        />
        <details>
          <summary>{copy.insights.daysCaption}</summary>
          <CounterTable
            caption={copy.insights.daysCaption}
            first={copy.insights.day}
            rows={[...data.days].reverse().map((d) => ({ label: d.day, counts: d }))}
          />
        </details>
      </section>
    </div>
  );
}

function CounterTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: { label: string; counts: Counters }[];
}) {
  return (
    <ScrollBox label={caption}>
      <table className="adm-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {COUNTER_KEYS.map((k) => (
              <th key={k} scope="col">
                {copy.insights.counters[k]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              {COUNTER_KEYS.map((k) => (
                <td key={k}>{r.counts[k]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
