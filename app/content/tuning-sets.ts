import { heldOutHalf, tuningHalf, type VisitorQuestion } from "./visitor-questions";
import { heldOutSetB } from "./visitor-questions-b";
import { tuningSetC } from "./visitor-questions-c";
import { heldOutSetD } from "./visitor-questions-d";

/**
 * The question sets Emma learns from (decision 028): their questions are her passages' examples.
 * The held-out sets (E, F, G) are never among them: they are read only for their figures.
 */
export const tuningSets: readonly (readonly [name: string, questions: readonly VisitorQuestion[]])[] = [
  ["tuning half", tuningHalf],
  ["tuning set C", tuningSetC],
  ["tuning (spent) half", heldOutHalf],
  ["tuning (spent) set B", heldOutSetB],
  ["tuning (spent) set D", heldOutSetD],
];

export const tuningQuestions: readonly VisitorQuestion[] = tuningSets.flatMap(([, questions]) => questions);
