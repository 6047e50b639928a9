/**
 * React hooks over the engine, the consent presenter and the prompt models. They touch
 * no DOM.
 */
export { useEngineSnapshot, useGrants, usePendingPrompts } from './engine-hooks.js';
export {
  useChecking,
  useConsentSnapshot,
  useElicitationModel,
  usePermissionModel,
  usePermissionPrompt,
  type UseElicitationPromptOptions,
  type UsePermissionPromptOptions,
} from './prompt-hooks.js';
export {
  useHeadlessModel,
  useLatest,
  useModel,
  type HeadlessModel,
  type ModelSource,
} from './use-model.js';
export { dryRunRequestOf, useDryRunModel, type UseDryRunPromptOptions } from './dry-run-hooks.js';
