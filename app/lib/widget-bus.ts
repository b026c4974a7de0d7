// Asks a floating widget to open without features importing each other (a DOM event).
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
