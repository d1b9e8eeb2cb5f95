// Counting the items idle threads did for others (src/pipeline/idle-help.ts), by listening on its channel.
import { BroadcastChannel } from 'node:worker_threads';
import { IDLE_HELP_CHANNEL } from '../../src/pipeline/idle-help.js';

export interface HelpedItems {
  /** Results helpers sent back since the count began. */
  count(): Promise<number>;
  close(): void;
}

export function countHelpedItems(): HelpedItems {
  const listener = new BroadcastChannel(IDLE_HELP_CHANNEL);
  let helped = 0;
  listener.onmessage = (event) => {
    if ('result' in ((event as MessageEvent).data as object)) helped++;
  };
  return {
    async count() {
      // Each channel gets its own copy of a result: this one may come a moment after the poster's.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return helped;
    },
    close: () => listener.close(),
  };
}
