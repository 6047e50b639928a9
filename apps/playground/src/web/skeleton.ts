/**
 * A starting point for a tool's arguments, from its input schema: each required
 * property's default, else an empty value of its type, and each optional property
 * that has a default. Other optional properties are left out: an empty string the
 * user did not mean (`"elicitationId": ""`) would change what the server gets. The
 * user edits it.
 */
export function argumentSkeleton(schema: unknown): Record<string, unknown> {
  const { properties, required } = (schema ?? {}) as { properties?: unknown; required?: unknown };
  if (!properties || typeof properties !== 'object') return {};
  const needed = new Set(Array.isArray(required) ? required : []);
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    if (name === '__confirm') continue; // added by the kit after a preview, never by hand
    if (!needed.has(name) && !hasDefault(property)) continue;
    out[name] = emptyValue(property);
  }
  return out;
}

function hasDefault(property: unknown): boolean {
  return !!property && typeof property === 'object' && 'default' in property;
}

function emptyValue(property: unknown): unknown {
  if (!property || typeof property !== 'object') return null;
  const p = property as { default?: unknown; type?: unknown; enum?: unknown; minimum?: unknown };
  if (p.default !== undefined) return p.default;
  if (Array.isArray(p.enum) && p.enum.length > 0) return p.enum[0];
  const type = Array.isArray(p.type) ? p.type[0] : p.type;
  switch (type) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return typeof p.minimum === 'number' ? p.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}
