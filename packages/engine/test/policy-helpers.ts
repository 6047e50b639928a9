import { expect } from 'vitest';
import {
  memoryStore,
  type PolicyLayer,
  type PolicyRule,
  type PolicySource,
  type ToolCall,
} from '@mcp-consent/engine';
import { scriptedUser, setup } from './helpers.js';

/** One policy source of one layer. */
export const source = (
  layer: PolicyLayer,
  rules: PolicyRule[],
  file = `${layer}.json`,
): PolicySource => ({ layer, file, policy: { version: 1, rules } });

/** A store holding the user's "always" answer for `call`, given to a plain engine. */
export async function rememberedStore(
  call: ToolCall,
  choice: 'allow' | 'deny',
  store = memoryStore(),
) {
  const { engine } = await setup({ store });
  const user = scriptedUser(`${choice}_always`);
  const result = await engine.request(call, { prompt: user.prompt });
  expect(result.grant?.decision).toBe(choice);
  engine.dispose();
  return store;
}
