import {
  canonicalJson,
  CLOCK_TOLERANCE_MS,
  DAY_MS,
  deriveRisk,
  isAllowAlwaysPermitted,
  type Grant,
  type RiskTier,
  type ServerRef,
  type ToolDefinition,
} from '@mcp-consent/engine';

/**
 * The reference the property suite checks the engine against, written apart from the engine's
 * cache: what each process has seen (its own answers and revokes, the store as its load read it,
 * the changes delivered to it), and when a seen grant may decide a call without asking.
 */

export const LIFE: Readonly<Record<RiskTier, number>> = {
  low: 90 * DAY_MS,
  medium: 30 * DAY_MS,
  high: 7 * DAY_MS,
};
const RANK: Readonly<Record<RiskTier, number>> = { low: 0, medium: 1, high: 2 };

/** The parts of a definition a user approves, as text (the model's own fingerprint). */
export function fingerprint(tool: ToolDefinition): string {
  const { name, title, description, inputSchema, annotations } = tool;
  return JSON.stringify([name, title, description, inputSchema, annotations]);
}

/** The arguments as the wire carries them, canonical; '*' when they cannot be hashed or sent. */
export function argsId(args: unknown): string {
  try {
    return canonicalJson(JSON.parse(JSON.stringify(args ?? {})) ?? {});
  } catch {
    return '*';
  }
}

export const tierOf = (tool: ToolDefinition, server: ServerRef): RiskTier =>
  deriveRisk(tool, server).tier;

/** A grant some process wrote, with what the model worked out when it was answered. */
export interface GrantEvent {
  grant: Grant;
  /** '*' for the whole tool. */
  args: string;
  fingerprint: string | null;
  tier: RiskTier;
}

/** A grant by all its fields: two processes may answer one key in the same millisecond. */
export const identity = (grant: Grant) => canonicalJson(grant);

/** What one engine instance has seen: grant identities, revocations (key → times), clears. */
export class Seen {
  readonly grants = new Set<string>();
  readonly revocations: Array<{ key: string; at: number }> = [];
  readonly clears: number[] = [];

  grant(grant: Grant): void {
    this.grants.add(identity(grant));
  }
  revocation(key: string, revokedAt: string): void {
    this.revocations.push({ key, at: Date.parse(revokedAt) });
  }
  clear(clearedAt: string): void {
    this.clears.push(Date.parse(clearedAt));
  }
  /** What had been seen at this moment (a decision is judged by what was known when it was made). */
  copy(): Seen {
    const out = new Seen();
    for (const id of this.grants) out.grants.add(id);
    out.revocations.push(...this.revocations);
    out.clears.push(...this.clears);
    return out;
  }
}

/** The call of one request, as the driver made it. */
export interface CallFacts {
  userId: string;
  workspaceId: string;
  server: ServerRef;
  tool: ToolDefinition;
  args: unknown;
}

const time = (grant: Grant) => Date.parse(grant.grantedAt);

/** A revoke or clear at `at` voids grants before it and allows of its own millisecond. */
const voids = (at: number, grant: Grant) =>
  time(grant) < at || (time(grant) === at && grant.decision === 'allow');

export class Model {
  readonly events = new Map<string, GrantEvent>();

  record(event: GrantEvent): void {
    this.events.set(identity(event.grant), event);
  }

  /** The seen grants of a key that no seen revoke or clear voids and no seen grant supersedes. */
  private standing(seen: Seen, key: string): GrantEvent[] {
    const ofKey = [...seen.grants]
      .map((id) => this.events.get(id))
      .filter((event): event is GrantEvent => event?.grant.key === key);
    return ofKey.filter(
      ({ grant }) =>
        !seen.clears.some((at) => voids(at, grant)) &&
        !seen.revocations.some((r) => r.key === key && voids(r.at, grant)) &&
        !ofKey.some(
          (other) =>
            time(other.grant) > time(grant) ||
            (time(other.grant) === time(grant) &&
              other.grant.decision === 'deny' &&
              grant.decision === 'allow'),
        ),
    );
  }

  private covering(seen: Seen, call: CallFacts): GrantEvent[] {
    const keys = new Set<string>();
    for (const id of seen.grants) {
      const event = this.events.get(id);
      if (!event) continue;
      const { grant } = event;
      if (
        grant.userId === call.userId &&
        grant.workspaceId === call.workspaceId &&
        grant.serverId === call.server.id &&
        grant.toolName === call.tool.name &&
        (event.args === '*' || event.args === argsId(call.args))
      ) {
        keys.add(grant.key);
      }
    }
    return [...keys].flatMap((key) => this.standing(seen, key));
  }

  /** Why a call decided without asking is allowed, or undefined when nothing the process saw allows it. */
  allowedBy(seen: Seen, call: CallFacts, now: number): GrantEvent | undefined {
    const standing = this.covering(seen, call);
    const liveDeny = standing.some(
      ({ grant }) =>
        grant.decision === 'deny' &&
        (grant.expiresAt === null || Date.parse(grant.expiresAt) > now),
    );
    if (liveDeny) return undefined;
    const tier = tierOf(call.tool, call.server);
    return standing.find(
      (event) =>
        event.grant.decision === 'allow' &&
        event.fingerprint === fingerprint(call.tool) &&
        RANK[tier] <= RANK[event.tier] &&
        isAllowAlwaysPermitted(call.tool) &&
        (event.grant.expiresAt === null || now < Date.parse(event.grant.expiresAt)) &&
        now < time(event.grant) + LIFE[event.tier] &&
        time(event.grant) <= now + CLOCK_TOLERANCE_MS,
    );
  }

  /** Whether a call decided "deny" without asking has a live deny the process saw. */
  deniedBy(seen: Seen, call: CallFacts, now: number): GrantEvent | undefined {
    return this.covering(seen, call).find(
      ({ grant }) =>
        grant.decision === 'deny' &&
        (grant.expiresAt === null || Date.parse(grant.expiresAt) > now),
    );
  }

  /** A grant a cache holds that something the process saw should have voided or superseded. */
  resurrected(seen: Seen, held: Grant): string | undefined {
    if (seen.clears.some((at) => voids(at, held))) return 'voided by a clear the process saw';
    const revoke = seen.revocations.find((r) => r.key === held.key && voids(r.at, held));
    if (revoke) return `voided by a revoke at ${new Date(revoke.at).toISOString()} the process saw`;
    for (const id of seen.grants) {
      const other = this.events.get(id)?.grant;
      if (
        other?.key === held.key &&
        (time(other) > time(held) ||
          (time(other) === time(held) && other.decision === 'deny' && held.decision === 'allow'))
      ) {
        return `superseded by ${other.decision} granted at ${other.grantedAt}`;
      }
    }
    return undefined;
  }
}
