import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStdin, useStdout } from 'ink';

/** The terminal's size, following resizes. `rows` is undefined when the output is not a terminal. */
export function useTerminalSize(): { columns: number; rows: number | undefined } {
  const { stdout } = useStdout();
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || undefined });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => void stdout.off('resize', onResize);
    // `read` only reads `stdout`.
  }, [stdout]);
  return size;
}

/**
 * Throws away whatever was typed before a prompt appeared and is still buffered in the
 * input stream, so it cannot answer the prompt. Keys still in the kernel's buffer arrive
 * right after mount, inside the model's input guard, which refuses them.
 */
export function drainInput(stdin: NodeJS.ReadStream | undefined): void {
  if (!stdin || stdin.readableFlowing === true || typeof stdin.read !== 'function') return;
  try {
    while (stdin.read() !== null);
  } catch {
    // A stream that cannot be read now has nothing buffered.
  }
}

/**
 * False until one turn of the event loop after the prompt mounted: input delivered in
 * the same turn as the mount was typed for something else. The stream is drained
 * before Ink starts reading it (layout effects run before Ink's input effect).
 */
export function useInputGate(): { readonly current: boolean } {
  const { stdin } = useStdin();
  const open = useRef(false);
  useLayoutEffect(() => {
    drainInput(stdin);
    const handle = setImmediate(() => (open.current = true));
    return () => clearImmediate(handle);
  }, [stdin]);
  return open;
}
