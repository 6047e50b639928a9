// The same stories and play functions as react-permission.stories.ts: both renderers show the same model.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { litPermission } from '../lit.js';
import {
  destructiveKeys,
  focusAndArrows,
  guardKeys,
  mirroredArrows,
  numberKey,
  queueKeys,
  ruleAskedKeys,
  sessionGrainKey,
} from '../play.js';
import { permissionScenes, type PermissionSceneName } from '../scenes.js';
import { sceneMeta, type SceneArgs } from '../meta.js';

type Args = SceneArgs<PermissionSceneName>;

const meta = {
  title: 'Lit/Permission sheet',
  ...sceneMeta(permissionScenes, 'low', litPermission),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** Read-only, closed world, trusted server: low risk. Tab stays in the sheet; arrows, Home, End and Enter. */
export const Low: Story = { args: { scene: 'low' }, play: focusAndArrows };
/** Read-only, closed world, untrusted server: medium. */
export const ReadOnlyUntrustedServer: Story = { args: { scene: 'read-untrusted' } };
/** Idempotent write: medium; 2 answers Allow always. */
export const IdempotentWrite: Story = { args: { scene: 'idempotent-write' }, play: numberKey };
/** A write that adds again each time: medium. */
export const NonIdempotentWrite: Story = { args: { scene: 'non-idempotent-write' } };
/** Destructive: high, Allow always disabled with its reason, Deny once focused; 2 does nothing, Escape denies once. */
export const Destructive: Story = { args: { scene: 'destructive' }, play: destructiveKeys };
/** Read-only but open world (the default): high. */
export const OpenWorldRead: Story = { args: { scene: 'open-world-read' } };
/** Open-world write; secret-looking values are redacted in the preview. */
export const OpenWorldWriteWithSecrets: Story = { args: { scene: 'open-world-write' } };
/** No annotations: high, every effect assumed. */
export const NoAnnotations: Story = { args: { scene: 'unannotated' } };
/** Read-only, but the server rates it high itself (_meta). */
export const ServerRaisesRisk: Story = { args: { scene: 'server-raised' } };
/** An untrusted server claims low risk: ignored. */
export const ServerLowerClaimIgnored: Story = { args: { scene: 'server-lower-ignored' } };
/** Long arguments, expanded with Show more; the actions stay on screen. */
export const LongArguments: Story = { args: { scene: 'long-arguments' } };
/** Markup, escapes, bidi overrides and invisible characters from the server, shown as text. */
export const HostileText: Story = { args: { scene: 'hostile' } };
/** Three calls at once: one sheet, 1 of 3, answered in turn. */
export const Queue: Story = { args: { scene: 'queue' }, play: queueKeys };
/** The grant store has not loaded after 100 ms: Checking permissions… */
export const CheckingPermissions: Story = { args: { scene: 'checking' } };
/** An Allow always that expired asks again (T7). */
export const ExpiredGrant: Story = { args: { scene: 'expired' } };
/** The tool changed since Allow always (a rug pull): what changed. */
export const DefinitionChanged: Story = { args: { scene: 'definition-changed' } };
/** Answers are ignored just after the sheet appears. */
export const InputGuard: Story = { args: { scene: 'guard' }, play: guardKeys };
/** Arabic, right to left: the arrows are mirrored. */
export const Arabic: Story = { args: { scene: 'destructive', locale: 'ar' }, play: mirroredArrows };
export const PortugueseBrazil: Story = { args: { scene: 'destructive', locale: 'pt-BR' } };
export const Spanish: Story = { args: { scene: 'destructive', locale: 'es-ES' } };
export const German: Story = { args: { scene: 'destructive', locale: 'de-DE' } };
export const Japanese: Story = { args: { scene: 'destructive', locale: 'ja-JP' } };
/** The pseudo-locale: about 40% longer text. */
export const Pseudo: Story = { args: { scene: 'destructive', locale: 'en-XA' } };
export const Dark: Story = { args: { scene: 'destructive', theme: 'dark' } };
export const DarkArabic: Story = { args: { scene: 'queue', theme: 'dark', locale: 'ar' } };
/** The bottom sheet of narrow screens. */
export const Compact: Story = { args: { scene: 'destructive', layout: 'compact' } };
/** The centred modal of wide screens. */
export const Expanded: Story = { args: { scene: 'destructive', layout: 'expanded' } };
/** Issue 17: "How long, and a note" open, Always picked: the R9 labels stand. */
export const GrainsOffered: Story = { args: { scene: 'grains' } };
/** Remember an allow for this session: Allow always reads "Allow for this session". */
export const GrainThisSession: Story = { args: { scene: 'grain-session' }, play: sessionGrainKey };
/** For 1 hour, only these exact arguments. */
export const GrainForAnHour: Story = { args: { scene: 'grain-timed' } };
/** Every read-only tool of this server, for this session. */
export const GrainWholeServer: Story = { args: { scene: 'grain-server' } };
/** Deny for this session, with a note the agent gets back. */
export const GrainDenyWithNote: Story = { args: { scene: 'grain-deny-note' } };
/** A rule asked: which rule in which file, and allow is once only. */
export const RuleAsked: Story = { args: { scene: 'rule-asked' }, play: ruleAskedKeys };
/** The policy could not be read: the kit asks every time. */
export const PolicyInvalid: Story = { args: { scene: 'policy-invalid' } };
/** The grains in the bottom sheet of narrow screens: the four answers keep their place. */
export const GrainsCompact: Story = { args: { scene: 'grain-session', layout: 'compact' } };
