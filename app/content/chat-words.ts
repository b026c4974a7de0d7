/**
 * The chat's words that code outside its panel needs: the launcher's label (in every page's first
 * load) and who said a transcript's turn (the operator's page reads them). A module of its own, so
 * neither carries the chat's copy (chat.ts), which loads with the panel.
 */
export const chatWords = {
  launcherOpen: "Öppna chatten med Emma",
  launcherClose: "Stäng chatten med Emma",
  you: "Du",
  emma: "Emma",
} as const;
