import { LoaderCircle, Sparkles } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { textDemoCopy as copy } from "~/content/demos";
import { cn } from "~/lib/cn";
import { loadKnowledge, type Knowledge } from "~/lib/knowledge/load-knowledge";
import { demoCardClass } from "./demo-card";
import { askQuestion, textDemoIdle, textDemoTransition, type TextDemoState } from "./text-demo-steps";
import { useStepRunner } from "./use-step-runner";

/** Ask Emma a question; after a simulated 1500 ms of thinking she answers from the site's content. */
export function TextDemo() {
  const { state, start } = useStepRunner<TextDemoState>(textDemoIdle);
  const [input, setInput] = useState("");

  // A form, so Enter and the button both submit; a new question replaces one in progress. The
  // knowledge chunk loads as the visitor starts typing, well before the answer is due.
  const knowledge = useRef<Knowledge | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const loadAnswers = () =>
    (loading.current ??= loadKnowledge().then((k) => {
      knowledge.current = k;
      if (!k) loading.current = null; // a later question tries again
    }));
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const thinking = askQuestion(input);
    if (!thinking) return;
    setInput("");
    // Asked while the knowledge is still coming (typed fast, a slow line): wait for it rather than
    // answer with the canned reply.
    if (!knowledge.current && loading.current) await loading.current;
    else void loadAnswers();
    start(
      thinking,
      textDemoTransition((q) => {
        // Only a sure answer: the demo has no suggestions.
        const a = knowledge.current?.answer(q);
        return a?.tier === "sure" ? a.hits : [];
      }),
      (s) => {
        // A plain toast: the Toaster's rich success colours fall below 4.5:1 contrast (axe).
        if (s.phase !== "answered") return;
        toast(copy.answeredToast);
        const outcome = s.answer.unanswered ? "none" : "site";
        void import("~/lib/insights-report").then((r) => r.reportQuestion(s.question, outcome, "demo"));
      },
    );
  };

  return (
    <section aria-labelledby="text-demo-heading" className={cn(demoCardClass, "flex flex-col")}>
      <h2 id="text-demo-heading" className="text-2xl font-bold tracking-tight">
        {copy.heading}
      </h2>
      <p className="mt-2 text-ink-700">{copy.lead}</p>
      <form onSubmit={onSubmit} className="mt-4">
        <InputField
          label={copy.label}
          id="text-demo-question"
          name="question"
          autoComplete="off"
          placeholder={copy.placeholder}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onFocus={() => void loadAnswers()}
        />
        <Button type="submit">
          <Sparkles aria-hidden="true" className="h-5 w-5" />
          {copy.submit}
        </Button>
      </form>
      {/* The answer's box takes the card's free height, beside the taller voice card. */}
      <div role="status" className="mt-5 min-h-28 flex-1 rounded-xl bg-ink-50 p-4 text-ink-900">
        {state.phase === "idle" ? (
          <p className="text-ink-700">{copy.idle}</p>
        ) : (
          <>
            <p>
              <span className="font-semibold">{copy.youAsked}</span> {state.question}
            </p>
            {state.phase === "thinking" ? (
              <p className="mt-3 flex items-center gap-2 text-brand-800">
                <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
                {copy.thinking}
              </p>
            ) : (
              <div className="mt-3">
                <p className="font-semibold text-brand-800">{copy.emmaAnswers}</p>
                <p className="mt-1">{state.answer.text}</p>
                {state.answer.link ? (
                  <p className="mt-2">
                    <a
                      href={state.answer.link.href}
                      className="font-medium text-brand-800 underline underline-offset-2"
                    >
                      {copy.readMore}: {state.answer.link.label}
                    </a>
                  </p>
                ) : null}
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
