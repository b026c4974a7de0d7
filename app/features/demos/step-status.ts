/** How a progress step is shown: finished, running now, or not reached yet. */
export type StepStatus = "done" | "active" | "waiting";
