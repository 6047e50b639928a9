/**
 * `mcp-consent call <tool> '<json>' -- <server>`: one call for scripts. The prompt (when
 * the engine asks) is drawn on the terminal; stdout carries only the tool's result.
 * Exit 0 when the tool ran without `isError`; 1 with the reason on stderr when the kit
 * denied the call or the tool failed; 2 when the server lists no tool of that name (nothing
 * is asked: a prompt about a tool that does not exist has nothing true to say).
 */
import type { ServerRef } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import { callFailure, outcomeOf } from './result.js';
import type { Session } from './session.js';
import { clean, safeJson } from './text.js';

export async function runCall(
  session: Session,
  tool: string,
  args: Record<string, unknown>,
  options: { json: boolean; t: AppTranslator; server?: ServerRef },
): Promise<number> {
  const { t } = options;
  const name = clean(tool, 200);
  if (!session.client.catalog.list().some((listed) => listed.name === tool)) {
    process.stderr.write(`${t.t('mcp.cli.error.no_such_tool', { tool: name })}\n`);
    return 2;
  }
  let result;
  try {
    result = await session.call(tool, args);
  } catch (error) {
    await session.terminalFree();
    process.stderr.write(`${callFailure(error, name, t, session.timeoutMs)}\n`);
    return 1;
  }
  await session.terminalFree();
  const outcome = outcomeOf(
    result,
    tool,
    t,
    session.canPrompt,
    options.server,
    session.lastDecision(),
  );
  if (options.json) process.stdout.write(`${safeJson(result)}\n`);
  switch (outcome.kind) {
    case 'ok':
      if (!options.json) process.stdout.write(`${outcome.text}\n`);
      return 0;
    case 'tool_error':
      process.stderr.write(`${t.t('mcp.cli.result.error', { tool: name })}\n${outcome.text}\n`);
      return 1;
    case 'denied':
      process.stderr.write(`${outcome.message}\n`);
      return 1;
  }
}
