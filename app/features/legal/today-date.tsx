import { useSyncExternalStore } from "react";
import { formatSwedishDay, isoDay } from "./format-date";

// The prerendered HTML carries the build day; in the browser the visitor's own today is shown.
// useSyncExternalStore renders the server snapshot during hydration and then re-renders with the
// client one, so React reports no hydration mismatch.
const subscribe = () => () => {};

export function TodayDate() {
  const day = useSyncExternalStore(
    subscribe,
    () => isoDay(new Date()),
    () => __BUILD_DAY__,
  );
  return <time dateTime={day}>{formatSwedishDay(day)}</time>;
}
