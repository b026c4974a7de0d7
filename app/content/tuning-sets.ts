import { heldOutHalf, tuningHalf, type VisitorQuestion } from "./visitor-questions";
import { heldOutSetB } from "./visitor-questions-b";
import { tuningSetC } from "./visitor-questions-c";
import { heldOutSetD } from "./visitor-questions-d";
import { heldOutSetE } from "./visitor-questions-e";
import { heldOutSetF } from "./visitor-questions-f";
import { heldOutSetG } from "./visitor-questions-g";
import { heldOutSetH } from "./visitor-questions-h";
import { heldOutSetI } from "./visitor-questions-i";
import { heldOutSetJ } from "./visitor-questions-j";
import { heldOutSetK } from "./visitor-questions-k";

/**
 * The question sets Emma learns from (decision 028): their questions are her passages' examples.
 * The held-out sets (L to O) are never among them: they are read only for their figures. Sets E, F
 * and G were held out until the sixth round, which spent them (decision 029); H and I until the
 * seventh (decision 030); J and K until the eighth (decision 031).
 */
export const tuningSets: readonly (readonly [name: string, questions: readonly VisitorQuestion[]])[] = [
  ["tuning half", tuningHalf],
  ["tuning set C", tuningSetC],
  ["tuning (spent) half", heldOutHalf],
  ["tuning (spent) set B", heldOutSetB],
  ["tuning (spent) set D", heldOutSetD],
  ["tuning (spent) set E", heldOutSetE],
  ["tuning (spent) set F", heldOutSetF],
  ["tuning (spent) set G", heldOutSetG],
  ["tuning (spent) set H", heldOutSetH],
  ["tuning (spent) set I", heldOutSetI],
  ["tuning (spent) set J", heldOutSetJ],
  ["tuning (spent) set K", heldOutSetK],
];

export const tuningQuestions: readonly VisitorQuestion[] = tuningSets.flatMap(([, questions]) => questions);
