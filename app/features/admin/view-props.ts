import type { OnFailure, Person, Session } from "./admin-api";
import type { TalkState } from "./use-live";

/** What every view of the page is given by the shell. */
export interface AdminViewProps {
  session: Session;
  onFailure: OnFailure;
  /** The team, for owners. */
  team: Person[];
  /** Changes when a message came or changed (the live events, decision 072): a list refreshes. */
  latest: string | null;
  /** The last message changed by anyone, counted: its open view loads it again. */
  changed: { message: string; n: number } | null;
  /** Conversations happening now, live (issue 53). */
  talk: TalkState;
}
