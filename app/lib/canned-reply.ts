import { containsAnyKeyword } from "./keyword-match";

export interface KeywordGroup {
  keywords: readonly string[];
  reply: string;
}

/** The first group whose keywords the message contains, or null (then Emma answers otherwise). */
export function cannedReply<G extends KeywordGroup>(message: string, groups: readonly G[]): G | null {
  return groups.find((g) => containsAnyKeyword(message, g.keywords)) ?? null;
}

/** Every group whose keywords the message contains, in the groups' order. */
export function cannedReplies<G extends KeywordGroup>(message: string, groups: readonly G[]): G[] {
  return groups.filter((g) => containsAnyKeyword(message, g.keywords));
}
