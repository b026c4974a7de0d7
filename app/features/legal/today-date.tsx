import { useSyncExternalStore } from "react";
import { formatSwedishDay, isoDay } from "./format-date";

// The HTML carries the build day, the browser the visitor's today: the server snapshot hydrates,
// then the client one re-renders, without a mismatch.
const subscribe = () => () => {};

export function TodayDate() {
  const day = useSyncExternalStore(
    subscribe,
    () => isoDay(new Date()),
    () => __BUILD_DAY__,
  );
  return <time dateTime={day}>{formatSwedishDay(day)}</time>;
}
