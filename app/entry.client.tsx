import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInTurns } from "~/boot/hydrate-in-turn";
import { joinAdjacentText } from "~/boot/joined-text";
import { nextTask } from "~/boot/next-task";
import { createRouterAhead, decodeRouterState, markHistoryEntry } from "~/boot/router-probe";
import { openStorage } from "~/lib/safe-storage";

// The same text nodes as the prerendered HTML (app/boot/joined-text.ts).
joinAdjacentText();

/** Each step in a task of its own, two costs of the router's creation taken out of it (app/boot/README.md). */
async function hydrate(): Promise<void> {
  await decodeRouterState();
  await nextTask();
  openStorage("session");
  await nextTask();
  markHistoryEntry();
  await nextTask();
  createRouterAhead();
  await nextTask();
  hydrateInTurns(() =>
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    ),
  );
}

void hydrate();
