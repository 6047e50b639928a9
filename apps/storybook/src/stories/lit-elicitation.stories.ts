// The same stories and play functions as react-elicitation.stories.ts: both renderers show the same model.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { litElicitation } from '../lit.js';
import { escapeCancels, formKeys, urlDeclineFocused } from '../play.js';
import { elicitationScenes, type ElicitationSceneName } from '../scenes.js';
import { sceneMeta, type SceneArgs } from '../meta.js';

type Args = SceneArgs<ElicitationSceneName>;

const meta = {
  title: 'Lit/Elicitation sheet',
  ...sceneMeta(elicitationScenes, 'form', litElicitation),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** Every field kind; Enter submits, an invalid submit focuses the first invalid field. */
export const Form: Story = { args: { scene: 'form' }, play: formKeys };
/** After an invalid submit. */
export const FormErrors: Story = { args: { scene: 'form-errors' } };
/** A confirmation with no fields (seed 002); Escape cancels. */
export const Confirm: Story = { args: { scene: 'confirm' }, play: escapeCancels };
/** URL mode: the full URL, host highlighted, warnings; Decline focused. */
export const Url: Story = { args: { scene: 'url' }, play: urlDeclineFocused };
export const FormArabic: Story = { args: { scene: 'form', locale: 'ar' } };
export const UrlPortugueseBrazil: Story = { args: { scene: 'url', locale: 'pt-BR' } };
export const FormDark: Story = { args: { scene: 'form', theme: 'dark' } };
export const UrlDark: Story = { args: { scene: 'url', theme: 'dark' } };
export const FormCompact: Story = { args: { scene: 'form', layout: 'compact' } };
export const ConfirmExpanded: Story = { args: { scene: 'confirm', layout: 'expanded' } };
