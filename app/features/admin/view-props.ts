import type { OnFailure, Person, Session } from "./admin-api";

/** What every view of the page is given by the shell. */
export interface AdminViewProps {
  session: Session;
  onFailure: OnFailure;
  /** The team, for owners. */
  team: Person[];
  /** Changes when the shell's poll saw a new message: a list refreshes. */
  latest: string | null;
}
