// The same stories and play functions as lit-dry-run.stories.ts: both renderers show the same model.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { reactDryRun } from '../react.js';
import { dryRunHostileEscape, dryRunKeys, dryRunMirrored } from '../play.js';
import { dryRunScenes, type DryRunSceneName } from '../scenes.js';
import { sceneMeta, type SceneArgs } from '../meta.js';

type Args = SceneArgs<DryRunSceneName>;

const meta = {
  title: 'React/Dry-run preview',
  ...sceneMeta(dryRunScenes, 'preview', reactDryRun),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/**
 * Seed 001, step 2 of 2: a two-key server answered DRY_RUN_PREVIEW; the redacted preview, the
 * server's hint quoted in From the server, the operator notice. Don't send is focused; arrows,
 * End and Enter on Send for real.
 */
export const Preview: Story = { args: { scene: 'preview' }, play: dryRunKeys };
/** Markup, escapes, bidi and invisible characters in the hint, shown as text; Escape is Don't send. */
export const HostileHint: Story = { args: { scene: 'hostile-hint' }, play: dryRunHostileEscape };
/** A long preview, expanded with Show more; the actions stay on screen. */
export const LongPreview: Story = { args: { scene: 'long-preview' } };
/** Arabic, right to left: the arrows are mirrored. */
export const Arabic: Story = { args: { scene: 'preview', locale: 'ar' }, play: dryRunMirrored };
export const PortugueseBrazil: Story = { args: { scene: 'preview', locale: 'pt-BR' } };
export const Japanese: Story = { args: { scene: 'preview', locale: 'ja-JP' } };
export const Dark: Story = { args: { scene: 'preview', theme: 'dark' } };
export const DarkHostileHint: Story = { args: { scene: 'hostile-hint', theme: 'dark' } };
/** The bottom sheet of narrow screens. */
export const Compact: Story = { args: { scene: 'preview', layout: 'compact' } };
/** The centred modal of wide screens. */
export const Expanded: Story = { args: { scene: 'preview', layout: 'expanded' } };
