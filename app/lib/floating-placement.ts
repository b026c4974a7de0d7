/**
 * The floating widgets never overlap each other or text: below 1280 px a row on `dock` (room kept
 * under the page by `dockRoom`), from 1280 px a column in the margin beside the 72rem content.
 */
export const floatingPlacement = {
  chatLauncher: "fixed right-4 bottom-2 z-50 xl:bottom-4",
  voiceButton: "fixed right-22 bottom-2 z-50 xl:right-4 xl:bottom-22",
  voiceStatus: "fixed right-40 bottom-3 z-50 xl:right-22 xl:bottom-5",
  chatPanel: "fixed right-4 bottom-20 z-50 xl:bottom-40",
  dock: "fixed inset-x-0 bottom-0 z-40 h-18 border-t border-ink-200 bg-white/95 xl:hidden",
  dockRoom: "pb-18 xl:pb-0",
} as const;
