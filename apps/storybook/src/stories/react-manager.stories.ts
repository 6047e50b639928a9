// The same stories and play functions as lit-manager.stories.ts: both renderers show the same model.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { supportedLocales } from '@mcp-consent/i18n';
import { reactManager } from '../react.js';
import { managerKeys } from '../play.js';
import { disposeCurrent, managerScenes, type ManagerSceneName, type ViewArgs } from '../scenes.js';

type Args = ViewArgs & { scene: ManagerSceneName };

const meta = {
  title: 'React/Permission manager',
  render: (args) => reactManager(args.scene, args),
  args: { scene: 'filled', locale: 'en-US', theme: 'light', layout: 'auto' },
  argTypes: {
    scene: { control: 'select', options: Object.keys(managerScenes) },
    locale: { control: 'select', options: supportedLocales },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    layout: { control: 'inline-radio', options: ['auto', 'compact', 'expanded'] },
  },
  // Each story gets a fresh engine; the previous story's scene is ended first.
  beforeEach: () => disposeCurrent,
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
