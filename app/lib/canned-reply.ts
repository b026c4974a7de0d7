import { cannedReplyGroups, type ReplyGroup } from "~/content/canned-replies";
import { containsAnyKeyword } from "./keyword-match";

export interface CannedReply {
  group: ReplyGroup;
  reply: string;
}

/** The canned reply for a message, or null when no keyword group matches (then the AI answers). */
export function cannedReply(message: string, groups = cannedReplyGroups): CannedReply | null {
  const hit = groups.find((g) => containsAnyKeyword(message, g.keywords));
  return hit ? { group: hit.group, reply: hit.reply } : null;
}
