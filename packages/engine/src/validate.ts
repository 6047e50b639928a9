import type { ToolCall } from './types.js';

/** Rejects malformed calls with a message that says what to fix. */
export function validateCall(call: ToolCall): void {
  const problems: string[] = [];
  if (typeof call !== 'object' || call === null) {
    throw new TypeError(
      'A tool call must be an object: { userId, workspaceId, server, tool, args }.',
    );
  }
  const nonEmpty = (value: unknown) => typeof value === 'string' && value.length > 0;
  if (!nonEmpty(call.userId)) problems.push('userId must be a non-empty string');
  if (!nonEmpty(call.workspaceId)) problems.push('workspaceId must be a non-empty string');
  if (typeof call.server !== 'object' || call.server === null || !nonEmpty(call.server.id)) {
    problems.push("server.id must be a non-empty string (the host's id for this connection)");
  }
  if (typeof call.tool !== 'object' || call.tool === null || !nonEmpty(call.tool.name)) {
    problems.push('tool.name must be a non-empty string');
  }
  if (problems.length > 0) throw new TypeError(`Invalid tool call: ${problems.join('; ')}.`);
}
