/** Renders every `render-when-near` part (decision 009), so a scroll to an exact position lands on real heights. */
export function renderDeferredParts() {
  document.documentElement.dataset.renderAll = "";
}

/** A new page shown from its top: its far-down parts may wait until they come near again. */
export function deferFarDownParts() {
  delete document.documentElement.dataset.renderAll;
}
