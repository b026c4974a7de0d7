/** One channel for the page: a new MessageChannel costs about 0.15 ms, a message almost nothing. */
let channel: MessageChannel | undefined;
/** Resolvers in the order of their messages: each message that arrives resolves the oldest. */
const waiting: Array<() => void> = [];

// A fresh task; a message, not a timer: timers are clamped to 4 ms when nested and faked in tests.
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
      // Node (the unit tests) would otherwise keep running while the port listens.
      (channel.port1 as MessagePort & { unref?: () => void }).unref?.();
    }
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}
