/** One placement for the floating widgets, so they never overlap: one row of 56 px buttons, the panel above it. */
export const floatingPlacement = {
  chatLauncher: "fixed right-4 bottom-4 z-50",
  voiceButton: "fixed right-22 bottom-4 z-50",
  voiceStatus: "fixed right-40 bottom-5 z-50",
  chatPanel: "fixed right-4 bottom-22 z-50",
} as const;
