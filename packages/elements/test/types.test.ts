import { expectTypeOf, it } from 'vitest';
import type { PromptCallback } from '@mcp-consent/engine';
import type { ElicitCallback } from '@mcp-consent/mcp';
import type { McpElicitationSheet, McpPermissionSheet } from '@mcp-consent/elements';

it('the promise forms plug into the engine and @mcp-consent/mcp as they are', () => {
  expectTypeOf<McpPermissionSheet['prompt']>().toExtend<PromptCallback>();
  expectTypeOf<McpElicitationSheet['elicit']>().toExtend<ElicitCallback>();
  expectTypeOf<HTMLElementEventMap['mcp-decision']['detail']['choice']>().toEqualTypeOf<
    'allow_once' | 'allow_always' | 'deny_once' | 'deny_always'
  >();
});
