/**
 * Resolves in a fresh task of the main thread, so the work after it does not lengthen the current
 * one. A message, not a timer: timers are clamped to 4 ms when nested and faked by test clocks.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
