import type {
  AuditEvent,
  GrantFilter,
  PermissionEngine,
  PromptCallback,
} from '@mcp-consent/engine';
import type { Locale } from '@mcp-consent/i18n';
import type {
  ElicitCallback,
  PickRootsCallback,
  ReviewResultCallback,
  SampleCallback,
} from '@mcp-consent/mcp';
import type { Theme } from '../settings.js';

/** What the playground tells a renderer; it may change while the renderer lives. */
export interface RendererView {
  locale: Locale;
  theme: Theme;
  /** The signed-in user's scope: the manager lists and revokes only these grants. */
  filter: GrantFilter;
  /** The history of that scope, oldest first. */
  audit: () => Promise<readonly AuditEvent[]>;
}

export interface RendererOptions {
  engine: PermissionEngine;
  /** Where the sheets go (they are modal: where exactly does not matter). */
  sheetHost: HTMLElement;
  /** Where the grants manager and history go. */
  managerHost: HTMLElement;
  view: RendererView;
}

/** One web renderer of the kit, mounted into the playground. */
export interface Renderer {
  /** The engine's prompt callback (`guardClient`'s `prompt`). */
  prompt: PromptCallback;
  /** `guardClient`'s `elicit`. */
  elicit: ElicitCallback;
  /** `guardClient`'s `sample`: both steps of a sampling request, in the permission sheet. */
  sample: SampleCallback;
  /** `guardClient`'s `roots.pickRoots`: the roots sheet. */
  pickRoots: PickRootsCallback;
  /** `guardClient`'s `reviewResult`: the result review sheet. */
  result: ReviewResultCallback;
  /** Opens an accepted URL elicitation, when the renderer leaves that to the host. */
  openUrl?: (url: string) => void;
  update(view: RendererView): void;
  /** Unmounts; whatever is on screen is denied (permission) or cancelled (elicitation). */
  dispose(): void;
}
