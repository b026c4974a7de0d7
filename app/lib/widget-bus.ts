/**
 * Lets any part of the page ask a floating widget to open (the landing page's service cards open
 * the chat or start the voice widget) without features importing each other. A plain DOM event,
 * so a widget that has not loaded yet misses nothing: the launcher listens from the first render.
 */
export type WidgetName = "chat" | "voice";

const EVENT = "site:open-widget";

export function requestWidget(name: WidgetName): void {
  window.dispatchEvent(new CustomEvent<WidgetName>(EVENT, { detail: name }));
}

export function onWidgetRequest(name: WidgetName, handler: () => void): () => void {
  const listener = (e: Event) => {
    if ((e as CustomEvent<WidgetName>).detail === name) handler();
  };
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
