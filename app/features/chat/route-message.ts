import { cannedReplyGroups as siteGroups, type CannedReplyGroup } from "~/content/canned-replies";
import { asksAboutMeeting, meetingIntent, type MeetingIntent } from "~/lib/booking/meeting-intent";
import { cannedReplies } from "~/lib/canned-reply";
import { chooseCanned, onlyAsksForContact } from "./answer-ladder";
import { asksForPerson } from "./person-wish";

/**
 * Where a message goes with no AI deciding (decision 069): a wish to meet gets free times, a yes to
 * being contacted the spec's lead form, a canned group's keywords its reply, the rest the answer.
 */
export type Route =
  | { to: "person" }
  | { to: "times"; meeting: MeetingIntent }
  | { to: "lead-form" }
  | { to: "canned"; group: CannedReplyGroup }
  | { to: "answer" };

/** What routing asks of Emma's knowledge (`createKnowledgeIndex` or `loadKnowledge`'s). */
export interface RouteKnowledge {
  hasTopic(text: string): boolean;
  asksAbout(text: string): boolean;
  pickCanned(question: string, ids: string[]): string | null;
}

/**
 * The route of a message; `knowledge` null (not loaded) routes by the words alone. A wish to meet
 * is decided by the words alone, so the chat asks for times before the knowledge is there.
 */
export function routeMessage(
  text: string,
  knowledge: RouteKnowledge | null,
  groups: readonly CannedReplyGroup[] = siteGroups,
): Route {
  const meeting = meetingIntent(text);
  // A wish for a person now asks a salesperson to take over (issue 53); one at a wished time is a meeting.
  if (asksForPerson(text) && !meeting?.when) return { to: "person" };
  if (meeting) return { to: "times", meeting };
  if (onlyAsksForContact(text, knowledge)) return { to: "lead-form" };
  // A canned group's keyword in a question about the meeting ("kostar genomgången något?") is no
  // question about the group's topic: the knowledge answers it.
  if (asksAboutMeeting(text) || !cannedReplies(text, groups).length) return { to: "answer" };
  const group = chooseCanned(text, groups, knowledge);
  return group ? { to: "canned", group } : { to: "answer" };
}
