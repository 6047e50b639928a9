import type { CancelTimer } from '@mcp-consent/engine';

/** How long after a prompt appears its announcement is written. */
export const ANNOUNCE_DELAY_MS = 150;

/** The live region's writer (see `createAnnouncer`). */
export interface Announcer {
  /** Empties the region now and writes `text` after the delay (a pending text is dropped). */
  announce(text: string): void;
  /** Drops a pending text. */
  cancel(): void;
}

export interface AnnouncerOptions {
  /** @default ANNOUNCE_DELAY_MS */
  delayMs?: number;
  /** A clock's `setTimer`. @default the page's setTimeout */
  setTimer?: (callback: () => void, ms: number) => CancelTimer;
}

const pageTimer = (callback: () => void, ms: number): CancelTimer => {
  const id = setTimeout(callback, ms);
  return () => clearTimeout(id);
};

/**
 * Screen readers read changes to a live region, not its first content: `write('')` at
 * once, then the text a moment later (spec R8 announcement). `write` sets the region's text.
 */
export function createAnnouncer(
  write: (text: string) => void,
  options: AnnouncerOptions = {},
): Announcer {
  const setTimer = options.setTimer ?? pageTimer;
  let cancel: CancelTimer | undefined;
  const stop = () => {
    cancel?.();
    cancel = undefined;
  };
  return {
    announce(text) {
      stop();
      write('');
      cancel = setTimer(() => {
        cancel = undefined;
        write(text);
      }, options.delayMs ?? ANNOUNCE_DELAY_MS);
    },
    cancel: stop,
  };
}
