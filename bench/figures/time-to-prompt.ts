/**
 * Time to prompt: from `callTool` to the sheet being visible and focused
 * (Lit, React in Chromium), and from request to the first Ink frame.
 *
 * Not measured yet: the renderers are being built. Each renderer is one
 * function below; replace its `notMeasured(...)` with a measurement that
 * returns a Row (goal: median under one frame, 16 ms).
 */
import type { BenchContext, Figure, Row } from '../lib/types.js';

const FIGURE = 'Time to prompt';
const GOAL = 'median < 16 ms (one frame)';

function notMeasured(subject: string, needs: string): Row {
  return {
    figure: FIGURE,
    subject,
    value: null,
    unit: 'ms',
    goal: GOAL,
    status: 'todo',
    note: `not measured yet: needs ${needs}`,
  };
}

/** callTool → <mcp-permission-sheet> visible and focused, in Chromium. */
async function litSheet(_ctx: BenchContext): Promise<Row> {
  return notMeasured(
    'callTool → Lit sheet visible + focused (Chromium)',
    '@mcp-consent/elements (Lit renderer)',
  );
}

/** callTool → React PermissionSheet visible and focused, in Chromium. */
async function reactSheet(_ctx: BenchContext): Promise<Row> {
  return notMeasured(
    'callTool → React sheet visible + focused (Chromium)',
    '@mcp-consent/react (React renderer)',
  );
}

/** engine.request → first Ink frame with the prompt. */
async function inkPrompt(_ctx: BenchContext): Promise<Row> {
  return notMeasured('request → first Ink frame', '@mcp-consent/ink (Ink renderer)');
}

export const timeToPromptFigure: Figure = {
  id: 'prompt',
  title: FIGURE,
  async run(ctx) {
    return [await litSheet(ctx), await reactSheet(ctx), await inkPrompt(ctx)];
  },
};
