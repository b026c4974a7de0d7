// Every question set of Emma's evaluation, in the order the build learns from them: what each is
// for (its role), when it was written and its name in the older decision records (033 says how the
// sets are kept honest). Each file's `about` tells who wrote it and how.
import type { QuestionSet, VisitorQuestion } from "./question-set";
import regression from "./sets/2026-11-25-regression-old.json";
import examplesHalfEven from "./sets/2026-11-26-examples-half-even.json";
import examplesC from "./sets/2026-11-26-examples-c.json";
import examplesHalfOdd from "./sets/2026-11-26-examples-half-odd.json";
import examplesB from "./sets/2026-11-26-examples-b.json";
import examplesD from "./sets/2026-11-26-examples-d.json";
import examplesE from "./sets/2026-11-26-examples-e.json";
import examplesF from "./sets/2026-11-26-examples-f.json";
import examplesG from "./sets/2026-11-26-examples-g.json";
import examplesH from "./sets/2026-11-26-examples-h.json";
import examplesI from "./sets/2026-11-26-examples-i.json";
import examplesJ from "./sets/2026-11-26-examples-j.json";
import examplesK from "./sets/2026-11-26-examples-k.json";
import heldOutN from "./sets/2026-11-27-held-out-n.json";
import heldOutO from "./sets/2026-11-27-held-out-o.json";
import spentL from "./sets/2026-11-26-spent-l.json";
import spentM from "./sets/2026-11-26-spent-m.json";

export const questionSets = [
  {
    name: "tuning half",
    file: "2026-11-26-examples-half-even.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "the 130-question set's even indexes (visitor-questions.ts, tuningHalf)",
    questions: examplesHalfEven.questions,
  },
  {
    name: "tuning set C",
    file: "2026-11-26-examples-c.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set C",
    questions: examplesC.questions,
  },
  {
    name: "tuning (spent) half",
    file: "2026-11-26-examples-half-odd.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "the 130-question set's odd indexes (visitor-questions.ts, heldOutHalf)",
    questions: examplesHalfOdd.questions,
  },
  {
    name: "tuning (spent) set B",
    file: "2026-11-26-examples-b.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set B",
    questions: examplesB.questions,
  },
  {
    name: "tuning (spent) set D",
    file: "2026-11-26-examples-d.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set D",
    questions: examplesD.questions,
  },
  {
    name: "tuning (spent) set E",
    file: "2026-11-26-examples-e.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set E",
    questions: examplesE.questions,
  },
  {
    name: "tuning (spent) set F",
    file: "2026-11-26-examples-f.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set F",
    questions: examplesF.questions,
  },
  {
    name: "tuning (spent) set G",
    file: "2026-11-26-examples-g.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set G",
    questions: examplesG.questions,
  },
  {
    name: "tuning (spent) set H",
    file: "2026-11-26-examples-h.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set H",
    questions: examplesH.questions,
  },
  {
    name: "tuning (spent) set I",
    file: "2026-11-26-examples-i.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set I",
    questions: examplesI.questions,
  },
  {
    name: "tuning (spent) set J",
    file: "2026-11-26-examples-j.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set J",
    questions: examplesJ.questions,
  },
  {
    name: "tuning (spent) set K",
    file: "2026-11-26-examples-k.json",
    written: "2026-11-26",
    role: "examples",
    formerly: "set K",
    questions: examplesK.questions,
  },
  {
    name: "held-out set N",
    file: "2026-11-27-held-out-n.json",
    written: "2026-11-27",
    role: "held-out",
    formerly: "set N",
    questions: heldOutN.questions,
  },
  {
    name: "held-out set O",
    file: "2026-11-27-held-out-o.json",
    written: "2026-11-27",
    role: "held-out",
    formerly: "set O",
    questions: heldOutO.questions,
  },
  {
    name: "held-out (spent) set L",
    file: "2026-11-26-spent-l.json",
    written: "2026-11-26",
    role: "spent",
    formerly: "set L",
    questions: spentL.questions,
  },
  {
    name: "held-out (spent) set M",
    file: "2026-11-26-spent-m.json",
    written: "2026-11-26",
    role: "spent",
    formerly: "set M",
    questions: spentM.questions,
  },
] as QuestionSet[];

/** The sets Emma learns from (decision 028), in order: their questions are her passages' examples. */
export const exampleSets = questionSets.filter((s) => s.role === "examples");

/** The examples' questions, in the order the build reads them. */
export const exampleQuestions: readonly VisitorQuestion[] = exampleSets.flatMap((s) => s.questions);

export const setNamed = (name: string): QuestionSet => {
  const set = questionSets.find((s) => s.name === name);
  if (!set) throw new Error(`No question set named ${name}`);
  return set;
};

/** The first set (by page, no passages): questions with the pages that answer them, and off-topic ones. */
export const regressionSet = {
  name: "old set (regression)",
  file: "2026-11-25-regression-old.json",
  written: "2026-11-25",
  role: "regression",
  questions: regression.questions as [string, ...string[]][],
  offTopic: regression.offTopic,
} as const;
