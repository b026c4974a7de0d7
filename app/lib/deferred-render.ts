/**
 * Parts marked `render-when-near` (app.css, decision 009) are not laid out until they come near
 * the viewport; until then their height is an estimate. A scroll to an exact position (a section,
 * or back to where the visitor was) must not land on estimates, so it renders every such part
 * first.
 */
export function renderDeferredParts() {
  document.documentElement.dataset.renderAll = "";
}

/** A new page shown from its top: its far-down parts may wait until they come near again. */
export function deferFarDownParts() {
  delete document.documentElement.dataset.renderAll;
}
