/** A visitor's question with its labels, as the question sets in evals/emma/sets/ hold it. */
export interface VisitorQuestion {
  q: string;
  /** Page paths that answer it, most specific first; ["?"] not found by the writer; ["none"] unanswerable. */
  expect: string[];
  lang: "sv" | "en";
  note?: string;
  /** The engineer's label of a ["?"] question (the set's `about` says how). */
  labelled?: string[];
  /**
   * The passages (knowledge.ts ids) whose text answers it, judged by a helper who read only the
   * questions and the passages, never Emma's output (decision 027); [] when none does.
   */
  answers?: string[];
}

/**
 * What a set is for. `examples`: Emma learns from it (its questions are her passages' examples);
 * `held-out`: read only for its figures, never tuned on, its misses never printed; `spent`: a
 * held-out set that was printed and is not learned from either; `regression`: the first set, by page.
 */
export type SetRole = "examples" | "held-out" | "spent" | "regression";

export interface QuestionSet {
  /** The name `npm run eval:emma` prints. */
  name: string;
  /** Its file in evals/emma/sets/: `<written>-<role>-<letter>.json`. */
  file: string;
  /** The day it was written (UTC). */
  written: string;
  role: Exclude<SetRole, "regression">;
  /** Its name in decisions 019 and 025–032. */
  formerly: string;
  questions: VisitorQuestion[];
}

/** The pages a question expects, the engineer's label where the writer found none. */
export const expectedPages = (v: VisitorQuestion): string[] => v.labelled ?? v.expect;
