import { useEffect, useRef, useState } from "react";
import { adminConversationsCopy as copy } from "~/content/admin-conversations";
import { conversationsApi, newlyWaiting } from "./conversations-api";

/** A short beep from WebAudio (no asset): a visitor asks for a person. */
export function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => void audio.close();
  } catch {
    // No sound where WebAudio is missing or refused: the notification and the list still tell.
  }
}

/** Asks for the notifications' permission: only from a click (browsers refuse it otherwise). */
export const askNotifications = () =>
  typeof Notification !== "undefined" && Notification.permission === "default"
    ? Notification.requestPermission()
    : Promise.resolve(typeof Notification === "undefined" ? "denied" : Notification.permission);

/**
 * How many visitors wait for a person, asked again as conversations change; a newly waiting one
 * beeps and shows a notification while the tab is hidden.
 */
export function useTalkAlerts(revision: number): number {
  const [waiting, setWaiting] = useState(0);
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    let live = true;
    void conversationsApi.list().then((r) => {
      if (!live || !r.ok) return;
      const items = r.data.conversations;
      setWaiting(items.filter((c) => c.state === "waiting").length);
      const fresh = seen.current ? newlyWaiting(items, seen.current) : [];
      seen.current = new Set([...(seen.current ?? []), ...items.map((c) => c.id)]);
      if (!fresh.length || !document.hidden) return;
      beep();
      if (typeof Notification !== "undefined" && Notification.permission === "granted") {
        const first = items.find((c) => c.id === fresh[0]);
        new Notification(copy.notificationTitle, { body: copy.notificationBody(first?.page ?? null), tag: fresh[0] });
      }
    });
    return () => {
      live = false;
    };
  }, [revision]);
  return waiting;
}
