/**
 * One placement for the floating widgets, so they never overlap: the chat launcher sits in the
 * bottom-right corner, the voice button to its left on the same row, the voice call's status pill
 * left of that, and the chat panel opens above the row. Launchers are 3.5rem (56 px) round
 * buttons. The voice setup form is a centred modal dialog, so it needs no place here.
 */
export const floatingPlacement = {
  chatLauncher: "fixed right-4 bottom-4 z-50",
  voiceButton: "fixed right-22 bottom-4 z-50",
  voiceStatus: "fixed right-40 bottom-5 z-50",
  chatPanel: "fixed right-4 bottom-22 z-50",
} as const;
