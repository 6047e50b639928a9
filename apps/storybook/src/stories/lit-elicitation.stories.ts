// The same stories and play functions as react-elicitation.stories.ts: both renderers show the same model.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { supportedLocales } from '@mcp-consent/i18n';
import { litElicitation } from '../lit.js';
import { escapeCancels, formKeys, urlDeclineFocused } from '../play.js';
import {
  disposeCurrent,
  elicitationScenes,
  type ElicitationSceneName,
  type ViewArgs,
} from '../scenes.js';

type Args = ViewArgs & { scene: ElicitationSceneName };

const meta = {
  title: 'Lit/Elicitation sheet',
  render: (args) => litElicitation(args.scene, args),
  args: { scene: 'form', locale: 'en-US', theme: 'light', layout: 'auto' },
  argTypes: {
    scene: { control: 'select', options: Object.keys(elicitationScenes) },
    locale: { control: 'select', options: supportedLocales },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    layout: { control: 'inline-radio', options: ['auto', 'compact', 'expanded'] },
  },
  // Each story gets a fresh engine; the previous story's scene is ended first.
  beforeEach: () => disposeCurrent,
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
