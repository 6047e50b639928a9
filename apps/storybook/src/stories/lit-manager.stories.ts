// The same stories and play functions as react-manager.stories.ts: both renderers show the same model.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { litManager } from '../lit.js';
import { managerKeys } from '../play.js';
import { managerScenes, type ManagerSceneName } from '../scenes.js';
import { sceneMeta, type SceneArgs } from '../meta.js';

type Args = SceneArgs<ManagerSceneName>;

const meta = {
  title: 'Lit/Permission manager',
  ...sceneMeta(managerScenes, 'filled', litManager),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** Grants (one expired) and the history; Revoke with the keyboard, Revoke all asks first. */
export const Filled: Story = { args: { scene: 'filled' }, play: managerKeys };
export const Empty: Story = { args: { scene: 'empty' } };
export const ConfirmRevokeAll: Story = { args: { scene: 'confirm-revoke-all' } };
export const Arabic: Story = { args: { scene: 'filled', locale: 'ar' } };
export const Japanese: Story = { args: { scene: 'filled', locale: 'ja-JP' } };
export const Dark: Story = { args: { scene: 'filled', theme: 'dark' } };
