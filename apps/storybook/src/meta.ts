import { supportedLocales } from '@mcp-consent/i18n';
import { disposeCurrent, type ViewArgs } from './scenes.js';

/** A story's arguments: which scene, in which locale, theme and layout. */
export type SceneArgs<Scene extends string> = ViewArgs & { scene: Scene };

/**
 * What every component's stories share, in both renderers: the controls (scene, locale,
 * theme, layout), their defaults, and a fresh engine per story. Spread into a meta object
 * that names its own `title` (Storybook reads the title statically).
 */
export function sceneMeta<Scene extends string>(
  scenes: Readonly<Record<Scene, unknown>>,
  scene: NoInfer<Scene>,
  render: (scene: Scene, args: ViewArgs) => HTMLElement,
) {
  return {
    render: (args: SceneArgs<Scene>) => render(args.scene, args),
    args: { scene, locale: 'en-US', theme: 'light', layout: 'auto' } satisfies SceneArgs<Scene>,
    argTypes: {
      scene: { control: 'select' as const, options: Object.keys(scenes) },
      locale: { control: 'select' as const, options: supportedLocales },
      theme: { control: 'inline-radio' as const, options: ['light', 'dark'] },
      layout: { control: 'inline-radio' as const, options: ['auto', 'compact', 'expanded'] },
    },
    // Each story gets a fresh engine; the previous story's scene is ended first.
    beforeEach: () => disposeCurrent,
  };
}
