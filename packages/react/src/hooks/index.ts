/**
 * React hooks over the engine and the prompt model. They touch no DOM, so the
 * web renderer and the Ink terminal renderer share them.
 */
export { useEngineSnapshot, useGrants, usePendingPrompts } from './engine-hooks.js';
export {
  useChecking,
  usePermissionPrompt,
  usePresenter,
  type UsePermissionPromptOptions,
} from './prompt-hooks.js';
