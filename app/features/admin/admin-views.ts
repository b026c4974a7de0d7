import type { ComponentType } from "react";
import { adminCopy as copy } from "~/content/admin";
import type { AdminViewProps } from "./view-props";
import { ADMIN_ROOT } from "./admin-paths";
import { AccountView } from "./account-view";
import { InboxView } from "./inbox-view";
import { InsightsView } from "./insights-view";
import { MeetingsView } from "./meetings-view";
import { adminMeetingsCopy } from "~/content/admin-meetings";
import { adminConversationsCopy } from "~/content/admin-conversations";
import { ConversationsView } from "./conversations-view";

export interface AdminView {
  id: string;
  path: string;
  label: string;
  Component: ComponentType<AdminViewProps>;
}

/** The page's views in the nav's order: a new view is one entry here and one component. */
export const adminViews: readonly AdminView[] = [
  { id: "inbox", path: ADMIN_ROOT, label: copy.nav.inbox, Component: InboxView },
  { id: "talk", path: `${ADMIN_ROOT}/samtal`, label: adminConversationsCopy.nav, Component: ConversationsView },
  { id: "meetings", path: `${ADMIN_ROOT}/moten`, label: adminMeetingsCopy.nav, Component: MeetingsView },
  { id: "insights", path: `${ADMIN_ROOT}/fragor`, label: copy.nav.insights, Component: InsightsView },
  { id: "account", path: `${ADMIN_ROOT}/konto`, label: copy.nav.account, Component: AccountView },
];
