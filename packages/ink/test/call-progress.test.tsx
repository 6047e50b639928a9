import { render } from 'ink-testing-library';
import { CallProgress } from '@mcp-consent/ink';
import type { CallProgress as CallProgressReport } from '@mcp-consent/prompt';
import { runProgressChecks } from '../../../test/scenarios/progress-checks.js';

runProgressChecks('ink', async () => {
  const view = render(<CallProgress progress={null} color={false} />);
  const show = async (progress: CallProgressReport | null, locale = 'en-US') => {
    view.rerender(<CallProgress progress={progress} locale={locale} color={false} />);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    show,
    read: async () => {
      const text = view.lastFrame() ?? '';
      // With colours off, no escape sequence at all: nothing of the server's is written raw.
      if (text.includes(String.fromCharCode(0x1b)))
        throw new Error('an escape sequence was written');
      const percent = /(\d+)%/.exec(text);
      return { text, percent: percent ? Number(percent[1]) : null };
    },
    dispose: async () => view.unmount(),
  };
});
