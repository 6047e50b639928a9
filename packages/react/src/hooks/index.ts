/**
 * React hooks over the engine and the prompt models. They touch no DOM, so the
 * web renderer and the Ink terminal renderer share them.
 */
export { useEngineSnapshot, useGrants, usePendingPrompts } from './engine-hooks.js';
export {
  useChecking,
  useElicitationModel,
  useElicitationPresenter,
  usePermissionModel,
  usePermissionPrompt,
  usePresenter,
  type UseElicitationPromptOptions,
  type UsePermissionPromptOptions,
} from './prompt-hooks.js';
export {
  createElicitationPresenter,
  type ElicitationEntry,
  type ElicitationPresenter,
  type ElicitationSnapshot,
  type ElicitOptions,
} from './elicitation-presenter.js';
export { useHeadlessModel, useLatest, type HeadlessModel } from './use-model.js';
export { dryRunRequestOf, useDryRunModel, type UseDryRunPromptOptions } from './dry-run-hooks.js';
