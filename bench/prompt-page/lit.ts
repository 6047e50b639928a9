/** Time to prompt with the Lit renderer: `<mcp-permission-sheet>` as the engine's prompt callback. */
import '@mcp-consent/elements/define';
import { startPromptBench } from './harness.js';

await startPromptBench((engine) => {
  const sheet = document.createElement('mcp-permission-sheet');
  sheet.engine = engine;
  sheet.locale = 'en-US';
  sheet.guardMs = 0; // the bench answers at once with a key press
  document.body.append(sheet);
  return sheet.prompt;
});
